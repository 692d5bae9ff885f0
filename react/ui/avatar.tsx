/** Props of `Avatar`. */
export interface AvatarProps {
  /** The image (a URL or a `data:` URL), or null for initials. */
  src: string | null | undefined;
  /** Whose picture it is: the alt text, and the first letter shown without an image. */
  name: string;
  /** Pixels; 64 in account settings, 32 in lists. */
  size?: number;
  /** The image's alt text when `name` is not the right one (`'Profile'`). */
  alt?: string;
}

/** A round picture of a person or team, or the first letter of its name when it has none. */
export function Avatar({ src, name, size = 64, alt = name }: AvatarProps) {
  const style = size === 64 ? undefined : { width: size, height: size, fontSize: size * 0.4 };
  if (src)
    return <img className="signet-avatar" src={src} alt={alt} width={size} height={size} style={style} />;
  return (
    <span className="signet-avatar signet-avatar--initials" aria-hidden="true" style={style}>
      {(name.trim() || '?').slice(0, 1).toUpperCase()}
    </span>
  );
}
