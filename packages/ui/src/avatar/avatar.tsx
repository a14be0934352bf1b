import { useState } from 'react';
import { joinClasses } from '../internal/class-names.ts';

/** Dark backgrounds, each with a contrast of at least 7:1 against white text. */
export const AVATAR_PALETTE = [
  '#1e3a5f',
  '#4a235a',
  '#0f5132',
  '#7a2e0e',
  '#3d3d6b',
  '#5c2a2a',
  '#2f4858',
  '#6b2f6b',
  '#1d4e4e',
  '#4b3b1f',
  '#234e1f',
  '#8a3b12',
] as const;

/** Letter shown for a name: its first character, upper-cased; '?' for an empty name. */
export const avatarLetter = (name: string): string => {
  const first = Array.from(name.trim())[0];
  return first ? first.toUpperCase() : '?';
};

/**
 * SPEC §2 "randomly picked dark background", picked by a hash of the name (FNV-1a) so one name
 * always gets the same colour and the avatar does not change colour on re-render.
 */
export const avatarColour = (name: string): string => {
  let hash = 0x811c9dc5;
  for (const char of name.trim()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return AVATAR_PALETTE[(hash >>> 0) % AVATAR_PALETTE.length] ?? AVATAR_PALETTE[0];
};

export interface AvatarProps {
  /** Person or entity name: its first letter is shown, and it is the image's alternative text. */
  name: string;
  /** Picture; the letter is shown when absent or when it fails to load. */
  src?: string;
  /** Shows the in-progress dot. */
  busy?: boolean;
  /** Accessible name of the in-progress dot; 'In progress' unless translated. */
  busyLabel?: string;
  /** Diameter in CSS pixels. */
  size?: number;
  className?: string;
}

/** SPEC §2 avatar: first letter of a name on a dark background, optional image and busy dot. */
export const Avatar = ({
  name,
  src,
  busy = false,
  busyLabel = 'In progress',
  size = 40,
  className,
}: AvatarProps) => {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== undefined && src !== '' && failedSrc !== src;
  const circle = {
    width: size,
    height: size,
    borderRadius: '50%',
  } as const;
  const dot = Math.max(8, Math.round(size / 4));
  return (
    <span
      className={joinClasses('pg-avatar', className)}
      style={{ position: 'relative', display: 'inline-block', flex: 'none', ...circle }}
    >
      {showImage ? (
        <img
          src={src}
          alt={name}
          width={size}
          height={size}
          onError={() => setFailedSrc(src)}
          style={{ ...circle, display: 'block', objectFit: 'cover' }}
        />
      ) : (
        <span
          role="img"
          aria-label={name}
          data-colour={avatarColour(name)}
          style={{
            ...circle,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: avatarColour(name),
            color: '#ffffff',
            fontFamily: 'var(--pg-font, inherit)',
            fontSize: Math.round(size * 0.45),
            fontWeight: 600,
            lineHeight: 1,
            userSelect: 'none',
          }}
        >
          <span aria-hidden="true">{avatarLetter(name)}</span>
        </span>
      )}
      {busy && (
        <span
          role="img"
          aria-label={busyLabel}
          className="pg-avatar__busy"
          style={{
            position: 'absolute',
            right: 0,
            bottom: 0,
            width: dot,
            height: dot,
            borderRadius: '50%',
            background: '#b45309',
            boxShadow: '0 0 0 2px #ffffff',
          }}
        />
      )}
    </span>
  );
};
