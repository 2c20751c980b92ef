import { Avatar, AVATAR_SIZES } from '../../ui/avatar';
import { GalleryRow, GallerySection } from './gallery-section';

/** An image that exists without any network: a data URL, so the gallery works offline. */
const PORTRAIT =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#6366f1"/><circle cx="32" cy="25" r="12" fill="#e0e7ff"/><path d="M10 60c3-14 13-20 22-20s19 6 22 20z" fill="#e0e7ff"/></svg>',
  );
/** Same-origin path that does not exist: the broken-image case without leaving the machine. */
const BROKEN = 'assets/missing-avatar.png';

export function AvatarGallery() {
  return (
    <GallerySection title="Avatars">
      <GalleryRow label="image">
        {AVATAR_SIZES.map((size) => (
          <Avatar key={size} size={size} src={PORTRAIT} alt={`Ada Lovelace ${size}`} data-testid={`avatar-${size}`} />
        ))}
      </GalleryRow>
      <GalleryRow label="broken image">
        {AVATAR_SIZES.map((size) => (
          <Avatar key={size} size={size} src={BROKEN} alt="Benjamin Canac" />
        ))}
      </GalleryRow>
      <GalleryRow label="initials">
        <Avatar alt="Benjamin Canac" />
        <Avatar alt="john doe" />
        <Avatar alt="Ann" />
        <Avatar alt="🎉 Party Time" />
        <Avatar text="AI" alt="Assistant" />
        <Avatar />
      </GalleryRow>
      <GalleryRow label="icon and status">
        <Avatar icon="lucide:bot" alt="Model" />
        <Avatar icon="lucide:user" alt="You" chip={{ color: 'success', label: 'Online' }} size="lg" />
        <Avatar src={PORTRAIT} alt="Grace Hopper" chip={{ color: 'error', label: 'Offline' }} size="xl" />
        <Avatar alt="Busy Person" chip={{ color: 'warning', label: 'Busy', position: 'top-right' }} size="3xl" />
      </GalleryRow>
    </GallerySection>
  );
}
