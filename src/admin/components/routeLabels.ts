// Where the route plot writes each stop's name: inside the box, clear of the other names and of the
// markers where it can be (issue 32 m19). Pure: the plot measures the names, this places them.

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top));

/**
 * A box per label (its text's top-left corner, the text's width and the line's height): the first of
 * above, below, after and before its marker that overlaps least with the names placed so far and the
 * markers, each pushed inside the plot (a 4 px margin) so that no name is cut at an edge.
 */
export function placeLabels(points: readonly { x: number; y: number }[], widths: readonly number[], plot: { width: number; height: number }, lineHeight: number, markerRadius: number): Box[] {
  const markers = points.map((p) => ({ left: p.x - markerRadius, top: p.y - markerRadius, width: 2 * markerRadius, height: 2 * markerRadius }));
  const gap = markerRadius + 4;
  const placed: Box[] = [];
  points.forEach((p, i) => {
    const width = Math.min(widths[i], plot.width - 8);
    const inside = (left: number, top: number): Box => ({
      left: Math.min(Math.max(4, left), plot.width - 4 - width),
      top: Math.min(Math.max(2, top), plot.height - 2 - lineHeight),
      width,
      height: lineHeight,
    });
    const candidates = [
      inside(p.x - width / 2, p.y - gap - lineHeight),
      inside(p.x - width / 2, p.y + gap),
      inside(p.x + gap, p.y - lineHeight / 2),
      inside(p.x - gap - width, p.y - lineHeight / 2),
    ];
    const cost = (b: Box) => placed.reduce((s, o) => s + overlap(b, o), 0) + markers.reduce((s, m) => s + overlap(b, m), 0);
    let best = candidates[0];
    for (const c of candidates.slice(1)) if (cost(c) < cost(best)) best = c;
    placed.push(best);
  });
  return placed;
}
