import { Icon } from '../../ui/icon';
import { GalleryRow, GallerySection } from './gallery-section';

/** Quarter turns 0–4: the fifth equals the first (modulo 4). */
const TURNS = [0, 1, 2, 3, 4];

export function IconGallery() {
  return (
    <GallerySection title="Icons">
      <GalleryRow label="rotated">
        {TURNS.map((turns) => (
          <Icon key={turns} name="lucide:arrow-up" rotate={turns} size={24} label={`Arrow turned ${turns}`} />
        ))}
        <Icon name="lucide:arrow-up" rotate="90deg" size={24} label="Arrow turned 90deg" />
        <Icon name="lucide:arrow-up" rotate="50%" size={24} label="Arrow turned 50%" />
      </GalleryRow>
      <GalleryRow label="flipped">
        <Icon name="lucide:arrow-up-right" size={24} label="Arrow" />
        <Icon name="lucide:arrow-up-right" hFlip size={24} label="Arrow flipped horizontally" />
        <Icon name="lucide:arrow-up-right" vFlip size={24} label="Arrow flipped vertically" />
        <Icon name="lucide:arrow-up-right" hFlip vFlip size={24} label="Arrow flipped both ways" />
      </GalleryRow>
      <GalleryRow label="sizes">
        <Icon name="lucide:message-square" size={16} />
        <Icon name="lucide:message-square" size={24} />
        <Icon name="lucide:message-square" size="2em" />
      </GalleryRow>
      <GalleryRow label="from the icon service">
        <Icon name="mdi:robot-happy" size={24} label="Robot (loaded on demand)" data-testid="remote-icon" />
        <Icon name="mdi-home" size={24} label="Home (loaded on demand)" />
        <Icon name="unreachable:cloud-off" size={24} label="From an unreachable host" data-testid="unreachable-icon" />
      </GalleryRow>
    </GallerySection>
  );
}
