// What two dumps must share, page and desktop: everything but times, frame counts and screen geometry
// (rectangles, screen points, pixel overflows, sizes that follow the window or the font; a mode's
// "drawn": where it drew; the panels' own "drawn" is compared on its own).
const volatile = /rect|screen|^frame|_ms$|_us$|ms_per|_px$|^window$|^canvas$|^scene$|^origin$|^drawn$|_button$|scale$|^font_size$|seconds|^explanation_box$|^status_bar$|^text$|^tooltip|^fps$/;

export function semantic(value) {
  if (Array.isArray(value)) return value.map(semantic);
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const key of Object.keys(value).sort())
    if (!volatile.test(key)) out[key] = semantic(value[key]);
  return out;
}
