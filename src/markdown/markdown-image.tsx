import { useState } from 'react';
import { t } from './markdown-text';
import { classifyImageSource } from './safe-url';
import { shortenMiddle } from './shorten-middle';

export interface MarkdownImageProps {
  href: string;
  alt: string;
  title?: string | null;
  /** Inside a link a button cannot nest, so a remote image shows only its description there. */
  insideLink?: boolean;
}

type ImageState = 'blocked' | 'waiting' | 'shown' | 'error';

/**
 * An image from a reply. Fetching a remote image would tell its host the reader's address (and
 * that the reply was read), and a prompt injection can put the conversation into its query, so a
 * remote image waits behind a button showing its whole address (its middle elided when long; the
 * full one is the button's name and tooltip). Raster data URLs show at once; any other source
 * (`javascript:`, relative paths, SVG data) is never loaded.
 */
export function MarkdownImage({ href, alt, title, insideLink = false }: MarkdownImageProps) {
  const source = classifyImageSource(href);
  const [requested, setRequested] = useState(false);
  const [failed, setFailed] = useState(false);
  const description = alt || t('markdown.image.untitled');

  const state: ImageState =
    source.kind === 'blocked' || (source.kind === 'remote' && insideLink && !requested)
      ? 'blocked'
      : source.kind === 'remote' && !requested
        ? 'waiting'
        : failed
          ? 'error'
          : 'shown';

  if (state === 'blocked' || state === 'error') {
    return (
      <span className="markdown__image-text" data-state={state}>
        {description}
      </span>
    );
  }
  if (state === 'waiting' && source.kind === 'remote') {
    return (
      <button
        type="button"
        className="markdown__image-placeholder"
        data-state={state}
        aria-label={alt ? t('markdown.image.loadDescribed', { url: source.src, alt }) : t('markdown.image.load', { url: source.src })}
        title={source.src}
        onClick={() => setRequested(true)}
      >
        <span className="markdown__image-load">{t('markdown.image.load', { url: shortenMiddle(source.src) })}</span>
        {alt && <span className="markdown__image-alt">{alt}</span>}
      </button>
    );
  }
  return (
    <img
      className="markdown__image"
      data-state={state}
      src={source.kind === 'blocked' ? undefined : source.src}
      alt={alt}
      title={title ?? undefined}
      referrerPolicy="no-referrer"
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
