import { cloneElement, type ImgHTMLAttributes, type ReactElement } from 'react';

import type { ImageVariant } from '../../shared/api-types';
import { artworkVariants } from '../../shared/artwork';

/** "url 480w, url 960w" of one format, or undefined when an image has none in it. */
export function srcSet(variants: ImageVariant[] | null | undefined, type: ImageVariant['type']): string | undefined {
  const sized = (variants ?? []).filter((variant) => variant.type === type);
  return sized.length ? sized.map((variant) => `${variant.url} ${variant.width}w`).join(', ') : undefined;
}

/**
 * An uploaded photo, or the shipped artwork as the build rendered it (`npm run dev` has no such
 * build: there the artwork stays the SVG it is), as AVIF, then WebP, then JPEG, at the size the
 * screen needs (`sizes`); anything else as the <img> it is.
 */
export function Picture({ variants: given, sizes, children }: { variants?: ImageVariant[] | null; sizes: string; children: ReactElement<ImgHTMLAttributes<HTMLImageElement>> }) {
  const variants = given?.length ? given : import.meta.env.PROD ? artworkVariants(String(children.props.src ?? '')) : undefined;
  if (!variants?.length) return children;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(variants, 'image/avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(variants, 'image/webp')} sizes={sizes} />
      {cloneElement(children, { srcSet: srcSet(variants, 'image/jpeg'), sizes })}
    </picture>
  );
}
