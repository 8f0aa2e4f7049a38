/** Geometry of the roadmap (learning-area §2 'Roadmap', §9): zig-zag positions, chapter colours, the road line. */

/** The four zig-zag positions, in the order lessons take them. */
export const ROAD_POSITIONS = ['left', 'center-left', 'right', 'center-right'] as const;
export type RoadPosition = (typeof ROAD_POSITIONS)[number];

/** Horizontal centre of a node in % of the track width. */
export const POSITION_X: Record<RoadPosition, number> = { left: 20, 'center-left': 42, right: 80, 'center-right': 58 };

/** Position of the lesson at `index` (0-based, counted over the whole road so chapters continue the zig-zag). */
export function roadPosition(index: number): RoadPosition {
  return ROAD_POSITIONS[((index % 4) + 4) % 4]!;
}

/** Five chapter colours cycle (§9); returns 1..5, the suffix of the --road-chapter-N variables. */
export const CHAPTER_COLOURS = 5;
export function chapterColour(chapterIndex: number): number {
  return (((chapterIndex % CHAPTER_COLOURS) + CHAPTER_COLOURS) % CHAPTER_COLOURS) + 1;
}

/** Fixed vertical rhythm, so the road can be drawn without measuring the DOM. */
export const ROAD_HEADING_HEIGHT = 96;
export const ROAD_ROW_HEIGHT = 212;
/** A node's disc centre sits this far below its row's top, leaving room for the label under it. */
export const ROAD_NODE_OFFSET = 64;

/** Vertical centre of the node in `row`, in px from the chapter's top. */
export function nodeCentreY(row: number, headingHeight = ROAD_HEADING_HEIGHT, rowHeight = ROAD_ROW_HEIGHT, nodeOffset = ROAD_NODE_OFFSET): number {
  return headingHeight + row * rowHeight + nodeOffset;
}

/**
 * The road through one chapter as an SVG path in a 100-wide, pixel-tall box: from the top centre
 * (under the chapter heading) through each node's centre to the bottom centre, as smooth S-curves.
 */
export function chapterRoadPath(xs: readonly number[], headingHeight = ROAD_HEADING_HEIGHT, rowHeight = ROAD_ROW_HEIGHT, nodeOffset = ROAD_NODE_OFFSET): string {
  const points: Array<[number, number]> = [[50, 0]];
  xs.forEach((x, row) => points.push([x, nodeCentreY(row, headingHeight, rowHeight, nodeOffset)]));
  points.push([50, headingHeight + xs.length * rowHeight]);
  let path = `M ${fmt(points[0]![0])} ${fmt(points[0]![1])}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    const mid = (y0 + y1) / 2;
    path += ` C ${fmt(x0)} ${fmt(mid)} ${fmt(x1)} ${fmt(mid)} ${fmt(x1)} ${fmt(y1)}`;
  }
  return path;
}

function fmt(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** Total height of a chapter block with `lessons` rows. */
export function chapterHeight(lessons: number, headingHeight = ROAD_HEADING_HEIGHT, rowHeight = ROAD_ROW_HEIGHT): number {
  return headingHeight + lessons * rowHeight;
}
