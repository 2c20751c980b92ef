/**
 * Mermaid sizes its SVG for inline use (`width="100%"`, a max-width style); as an image that
 * leaves it no intrinsic size, so it would be drawn at an arbitrary scale. The size is taken from
 * the viewBox instead, and CSS scales it down to the column.
 */
export function withIntrinsicSize(svg: string): string {
  const open = /^<svg\b[^>]*>/.exec(svg);
  const box = open && /\sviewBox="[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(open[0]);
  if (!open || !box) return svg;
  const tag = open[0]
    .replace(/\s(?:width|height|style)="[^"]*"/g, '')
    .replace(/^<svg/, `<svg width="${Math.ceil(Number(box[1]))}" height="${Math.ceil(Number(box[2]))}"`);
  return tag + svg.slice(open[0].length);
}
