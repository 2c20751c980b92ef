import { Button, BUTTON_COLORS, BUTTON_SIZES, BUTTON_VARIANTS } from '../../ui/button';
import { GalleryRow, GallerySection } from './gallery-section';

/** Resolves after a moment, so the async-click loading state can be seen. */
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Long enough to see the spinner, short enough not to annoy. */
const ASYNC_DEMO_MS = 1500;

export function ButtonGallery() {
  return (
    <GallerySection title="Buttons">
      {BUTTON_VARIANTS.map((variant) => (
        <GalleryRow key={variant} label={variant}>
          {BUTTON_SIZES.map((size) => (
            <Button key={size} size={size} variant={variant} icon="lucide:send">
              {`${variant} ${size}`}
            </Button>
          ))}
        </GalleryRow>
      ))}
      <GalleryRow label="colours">
        {BUTTON_COLORS.map((color) => (
          <Button key={color} color={color}>
            {color}
          </Button>
        ))}
      </GalleryRow>
      <GalleryRow label="soft colours">
        {BUTTON_COLORS.map((color) => (
          <Button key={color} color={color} variant="soft">
            {`soft ${color}`}
          </Button>
        ))}
      </GalleryRow>
      <GalleryRow label="loading">
        {BUTTON_SIZES.map((size) => (
          <Button key={size} size={size} loading icon="lucide:send">
            {`Loading ${size}`}
          </Button>
        ))}
        <Button variant="outline" onClick={() => wait(ASYNC_DEMO_MS)}>
          Async action
        </Button>
        <Button disabled>Disabled</Button>
      </GalleryRow>
      <GalleryRow label="icon only">
        {BUTTON_SIZES.map((size) => (
          <Button key={size} size={size} variant="ghost" color="neutral" icon="lucide:copy" label={`Copy (${size})`} />
        ))}
        <Button variant="soft" icon="lucide:pencil" label="Edit" />
        <Button variant="outline" color="error" icon="lucide:trash-2" label="Delete" />
        <Button icon="lucide:plus" label="New chat" />
      </GalleryRow>
      <GalleryRow label="links">
        <Button href="#buttons" variant="link">
          A link button
        </Button>
        <Button href="https://example.com" variant="outline" trailingIcon="lucide:external-link" target="_blank" rel="noopener noreferrer">
          External link
        </Button>
      </GalleryRow>
    </GallerySection>
  );
}
