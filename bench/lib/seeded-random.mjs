/** Deterministic pseudo-random numbers (mulberry32): the same seed gives the same data set. */
export const seededRandom = (seed) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const integer = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (items) => items[Math.floor(next() * items.length)];
  const weighted = (entries) => {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1][0];
  };
  const hex = (count) => {
    let out = '';
    while (out.length < count)
      out += Math.floor(next() * 4_294_967_296)
        .toString(16)
        .padStart(8, '0');
    return out.slice(0, count);
  };
  /** A version-4-shaped UUID from the seeded stream. */
  const uuid = () => {
    const h = hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[integer(0, 3)]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  /** A form id like the server's (base64url, 192 bits). */
  const formId = () => Array.from({ length: 32 }, () => BASE64URL[integer(0, 63)]).join('');
  const digits = (count) => Array.from({ length: count }, () => integer(0, 9)).join('');
  return { next, integer, pick, weighted, uuid, formId, digits };
};
