import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, so spelled out here).
const ARGON2ID = 2;

/** argon2id with the OWASP Password Storage Cheat Sheet parameters (19 MiB, 2 passes, 1 lane). */
const ARGON2ID_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2ID_OPTIONS);

/** False for a wrong password or a malformed hash; never throws on bad input. */
export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/**
 * A valid hash of a random password, checked when the username does not exist so that a
 * wrong username takes as long as a wrong password.
 */
export const decoyPasswordHash = hashPassword(`decoy-${Math.random()}`);
