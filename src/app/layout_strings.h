#pragma once
// The strings of the window's layouts (side tiles, presentation tabs), appended to the table in strings.h.
// X(id, English, Chinese)
#define AOILAB_LAYOUT_STRINGS(X)                                                                                   \
    X(MenuPresentationLayout, "Presentation layout", "演示布局")                                                   \
    X(TipPresentationLayout,                                                                                       \
      "The scene large and one panel at a time as tabs, for a projector (L). Off: the panels as tiles beside the " \
      "scene. On by itself when the window is small for its font.",                                               \
      "场景放大，面板一次显示一个（标签页），适合投影（L）。关闭：面板并排在场景旁边。窗口相对字体较小时自动打开。") \
    X(TipPanelTab, "Tab / Shift+Tab: the next / previous panel (right click: float or close)",                    \
      "Tab / Shift+Tab：下一个 / 上一个面板（右键：浮动或关闭）")
