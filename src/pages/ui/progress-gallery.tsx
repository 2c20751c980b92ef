import { PROGRESS_SIZES } from '../../ui/progress';
import { Progress } from '../../ui/progress';
import { GalleryRow, GallerySection } from './gallery-section';

/** The values the issue asks to see, including out-of-range ones that must clamp. */
const VALUES = [-10, 0, 40, 100, 150];

export function ProgressGallery() {
  return (
    <GallerySection title="Progress">
      <div className="gallery-stack">
        {VALUES.map((value) => (
          <Progress key={value} value={value} label={`Progress at ${value}`} />
        ))}
        <Progress value={null} label="Progress indeterminate" />
      </div>
      <GalleryRow label="sizes">
        <div className="gallery-stack">
          {PROGRESS_SIZES.map((size) => (
            <Progress key={size} size={size} value={60} label={`Progress ${size}`} color="success" />
          ))}
        </div>
      </GalleryRow>
    </GallerySection>
  );
}
