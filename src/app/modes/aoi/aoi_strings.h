#pragma once
// The AOI teaching panels' part of the one string table (strings.h appends this list to its own, so
// these ids live in the same Str enum and go through the same tr()). X(id, English, Chinese); strings
// with printf placeholders keep the same placeholders in the same order in both languages.
// clang-format off
#define AOILAB_AOI_STRINGS(X)                                                                            \
    X(PanelAoi, "AOI teaching", "AOI 教学")                                                              \
    X(AoiRebuildTitle, "Rebuilding the AOI methods", "正在重建 AOI 方法")                                  \
    X(AoiRebuildWhat, "Every method on the starting world: %s of %s entities; then the timeline to its position: %s of %s operations", \
      "在起始世界上构建每种方法：%s / %s 个实体；然后时间线回到其位置：%s / %s 个操作")              \
    X(AoiRebuildKeeps, "Until this is done the methods, settings and position shown stay; Cancel (Esc) keeps them.", \
      "完成之前显示的方法、设置和位置保持不变；取消（Esc）则保留它们。")                                 \
    X(AoiRebuildMust, "The starting world changed, so the methods must follow it (no Cancel).",         \
      "起始世界已改变，方法必须随之重建（不能取消）。")                                                 \
    X(PanelLists, "X/Y lists", "X/Y 链表")                                                               \
    X(PanelGrid, "Grid", "网格")                                                                         \
    X(PanelQuadtree, "Quadtree", "四叉树")                                                               \
    X(PanelTowers, "Towers", "灯塔")                                                                     \
    X(PanelEvents, "AOI events", "AOI 事件")                                                             \
    X(PanelCompare, "Compare methods", "方法对比")                                                       \
    X(MethodBrute, "Brute force", "暴力遍历")                                                            \
    X(MethodCrossList, "Cross-linked list", "十字链表")                                                  \
    X(MethodGrid, "Grid", "网格")                                                                        \
    X(MethodQuadtree, "Quadtree", "四叉树")                                                              \
    X(MethodTower, "Towers", "灯塔")                                                                     \
    X(AoiMethod, "Method", "方法")                                                                       \
    X(TipAoiMethod, "The method the panels and the explanation follow. Every method runs on the same "  \
      "world at once; Compare shows them side by side.",                                                 \
      "面板和讲解跟随的方法。所有方法同时在同一个世界上运行；“方法对比”并排显示它们。")                  \
    X(AoiShape, "View shape", "视野形状")                                                                \
    X(TipAoiShape, "Square: |dx| <= r and |dy| <= r (the list article). Circle: dx*dx + dy*dy <= r*r. " \
      "Every method is rebuilt at once.",                                                                \
      "正方形：|dx| <= r 且 |dy| <= r（十字链表文章的做法）。圆形：dx*dx + dy*dy <= r*r。所有方法立即重建。") \
    X(AoiCellSize, "Cell size", "格子大小")                                                              \
    X(TipAoiCellSize, "Side of a grid cell. Smaller cells: fewer entities per cell but more cells to "   \
      "scan; bigger cells: fewer cells but more distance checks.",                                       \
      "网格格子的边长。格子小：每格实体少，但要扫描的格子多；格子大：格子少，但距离检查多。")            \
    X(AoiStandardRadius, "Standard radius", "标准半径")                                                  \
    X(TipAoiStandardRadius, "The grid scans this far around everyone. An entity with a bigger radius "   \
      "is a super-view entity: it costs extra cells (exact mode) or lags (lazy mode).",                  \
      "网格为每个实体扫描这么远。半径更大的实体是“超视野”实体：精确模式下要多登记格子，懒惰模式下会滞后。") \
    X(AoiLazy, "Lazy super-view", "懒惰超视野")                                                          \
    X(TipAoiLazy, "As in the grid article: a super-view entity refreshes its own view only every tick "  \
      "interval. Cheaper, but its view lags behind brute force (see Compare).",                          \
      "同网格文章：超视野实体只每隔若干逻辑帧刷新一次自己的视野。更省，但视野落后于暴力遍历（见“方法对比”）。") \
    X(AoiTickInterval, "Tick interval", "逻辑帧间隔")                                                     \
    X(TipAoiTickInterval, "Lazy mode: ticks between two full refreshes of a super-view entity. Longer "  \
      "is cheaper and lags more.",                                                                       \
      "懒惰模式：超视野实体两次完整刷新之间的逻辑帧数。越长越省，滞后越多。")                            \
    X(AoiCapacity, "Quadtree capacity", "四叉树容量")                                                    \
    X(TipAoiCapacity, "Entities a leaf holds before it splits into four. Small: a deeper tree and more " \
      "nodes visited; big: more distance checks per leaf.",                                              \
      "叶子分裂成四块之前能容纳的实体数。小：树更深，访问的节点更多；大：每个叶子的距离检查更多。")      \
    X(AoiTowerSize, "Tower size", "灯塔大小")                                                            \
    X(TipAoiTowerSize, "Side of a tower's square. Small towers: a view registers in many towers; big "   \
      "towers: more entities to check in each.",                                                         \
      "灯塔方块的边长。灯塔小：一个视野要登记到很多灯塔；灯塔大：每个灯塔里要检查的实体更多。")          \
    X(AoiHysteresis, "Hysteresis", "滞回")                                                               \
    X(TipAoiHysteresis, "Enter at r, leave only beyond r + h: stops enter/leave flicker at the edge of " \
      "the view, at the cost of a few more kept pairs.",                                                 \
      "在 r 内进入，超出 r + h 才离开：防止视野边缘反复进出，代价是多保留一些关系。")                    \
    X(AoiDefaults, "Scenario settings", "场景设置")                                                      \
    X(TipAoiDefaults, "Back to the settings of the scenario file (and rebuild every method).",           \
      "恢复场景文件里的设置（并重建所有方法）。")                                                        \
    X(AoiStepMode, "Step mode", "单步模式")                                                              \
    X(TipAoiStepMode, "Hold every edit (drag, spawn, delete, radius change) as a pending operation; "    \
      "Step runs them one at a time so the panels can show each.",                                       \
      "把每个编辑（拖动、生成、删除、改半径）暂存为待执行操作；“单步”一次执行一个，面板逐个展示。")      \
    X(AoiStep, "Step (N)", "单步 (N)")                                                                   \
    X(TipAoiStep, "Run the next pending operation, or the scenario's next script operation. Keys: N or " \
      "the right arrow.",                                                                                \
      "执行下一个待执行操作，或场景脚本的下一个操作。按键：N 或右方向键。")                              \
    X(AoiPlay, "Play (Space)", "播放 (空格)")                                                            \
    X(AoiPause, "Pause (Space)", "暂停 (空格)")                                                          \
    X(TipAoiPlay, "Step on its own, one operation every 0.4 s, until the script ends. Key: Space.",       \
      "自动单步，每 0.4 秒执行一个操作，直到脚本结束。按键：空格。")                                     \
    X(KeyStepDo, "Step one operation (AOI)", "单步执行一个操作（AOI）")                                 \
    X(KeyPlayDo, "Play or pause the script (AOI)", "播放或暂停脚本（AOI）")                             \
    X(AoiRunAll, "Run all", "全部执行")                                                                  \
    X(TipAoiRunAll, "Run every pending edit now (not the script).", "立即执行所有待执行的编辑（不含脚本）。") \
    X(AoiPending, "Pending operations: %d", "待执行操作：%d")                                            \
    X(AoiNothingPending, "Nothing pending: edit the scene or step through the script.",                  \
      "没有待执行操作：编辑场景，或单步执行脚本。")                                                      \
    X(AoiScriptProgress, "Script: %d of %d operations done", "脚本：已执行 %d / %d 个操作")              \
    X(AoiScreenshot, "Screenshot", "截图")                                                               \
    X(TipAoiScreenshot, "Save a PNG of the whole window in the screenshots folder, for slides.",         \
      "把整个窗口保存为 PNG（放在 screenshots 文件夹），用于幻灯片。")                                   \
    X(AoiScreenshotSaved, "Screenshot: %s", "截图：%s")                                                  \
    X(AoiLegend, "Colours", "颜色")                                                                      \
    X(LegendEnter, "enter event; cell or tower entered", "进入事件；进入的格子或灯塔")                    \
    X(LegendLeave, "leave event; cell or tower left", "离开事件；离开的格子或灯塔")                       \
    X(LegendMove, "move event; kept cell", "移动事件；保留的格子")                                       \
    X(LegendVisited, "visited or scanned by the last operation", "上一个操作访问或扫描的")               \
    X(LegendSelected, "selected entity and its view", "选中的实体及其视野")                              \
    X(LegendPath, "path; walking role", "路径；行走角色")                                                \
    X(LegendPair, "line from watcher to target: the chosen event, in its type's colour",                 \
      "观察者到目标的连线：所选事件，颜色表示事件类型")                                                  \
    X(ErrorSelectMissing, "--select: the scenario has no entity with id %s.", "--select：场景中没有编号为 %s 的实体。") \
    X(ErrorSelectMissingAt, "--select: no entity with id %s is in the world at operation %d of %d (the script adds and removes entities).", "--select：编号为 %s 的实体不在第 %d / %d 个操作时的世界中（脚本会加入和移除实体）。") \
    X(LegendTip, "Hover for the meaning of every colour.", "悬停查看每种颜色的含义。")                    \
    X(AoiWhatHappened, "What the last operation did", "上一个操作做了什么")                               \
    X(AoiNoOperation, "No operation yet.", "还没有操作。")                                               \
    X(OpAdd, "%s: add %s at (%g, %g) with radius %g.", "%s：添加 %s，位置 (%g, %g)，半径 %g。")           \
    X(OpMove, "%s: move %s from (%g, %g) to (%g, %g).", "%s：%s 从 (%g, %g) 移到 (%g, %g)。")           \
    X(OpRadius, "%s: radius of %s from %g to %g.", "%s：%s 的半径从 %g 改为 %g。")                      \
    X(OpLeave, "%s: %s leaves.", "%s：%s 离开。")                                                       \
    X(OpTick, "%s: tick %d.", "%s：第 %d 个逻辑帧。")                                                     \
    X(PendingAdd, "add %s at (%g, %g), radius %g", "添加 %s，位置 (%g, %g)，半径 %g")                       \
    X(PendingMove, "move %s to (%g, %g)", "把 %s 移到 (%g, %g)")                                         \
    X(PendingRadius, "radius of %s to %g", "%s 的半径改为 %g")                                           \
    X(PendingLeave, "%s leaves", "%s 离开")                                                              \
    X(PendingTick, "tick", "逻辑帧")                                                                       \
    X(WordNode, "node", "个节点")                                                                        \
    X(WordNodes, "nodes", "个节点")                                                                      \
    X(ExplainWalkRight, "Walked %d %s right on the %s list until %s = %g: %g - %g > %g.",                \
      "向右走了 %d %s（%s 链表），直到 %s = %g：%g - %g > %g。")                                    \
    X(ExplainWalkLeft, "Walked %d %s left on the %s list until %s = %g: %g - %g > %g.",                  \
      "向左走了 %d %s（%s 链表），直到 %s = %g：%g - %g > %g。")                                    \
    X(ExplainWalkEndRight, "Walked %d %s right on the %s list to its end: all within %g of %g.",      \
      "向右走了 %d %s（%s 链表）到末尾：都在 %g 以内（中心 %g）。")                                  \
    X(ExplainWalkEndLeft, "Walked %d %s left on the %s list to its end: all within %g of %g.",        \
      "向左走了 %d %s（%s 链表）到开头：都在 %g 以内（中心 %g）。")                                  \
    X(ExplainCandidates, "%d of them were also within %g on y and got the exact range test; events: %d.", \
      "其中 %d 个在 y 方向也在 %g 以内，做了精确的范围检查；事件 %d 个。")                             \
    X(ExplainGridScan, "Scanned %d cells (%d x %d around cell (%d, %d)) within the standard radius %g; distance checks: %d, events: %d.", \
      "扫描了 %d 个格子（%d x %d，围绕格子 (%d, %d)），标准半径 %g；距离检查 %d 次，事件 %d 个。")     \
    X(ExplainGridMove, "Moved from cell (%d, %d) to (%d, %d): cells entered: %d, left: %d, kept: %d; distance checks: %d, events: %d.", \
      "从格子 (%d, %d) 移到 (%d, %d)：进入的格子 %d 个，离开 %d 个，保留 %d 个；距离检查 %d 次，事件 %d 个。") \
    X(ExplainGridSameCells, "Stayed in cell (%d, %d): the same %d cells were checked again; distance checks: %d, events: %d.", \
      "仍在格子 (%d, %d)：重新检查同样的 %d 个格子；距离检查 %d 次，事件 %d 个。")                          \
    X(ExplainGridSuper, "Radius %g > standard radius %g: %s is a super-view entity.",                    \
      "半径 %g > 标准半径 %g：%s 是超视野实体。")                                                        \
    X(ExplainGridLazy, "Lazy mode: its own view is refreshed only every %d ticks (tick now %d).",         \
      "懒惰模式：它自己的视野每 %d 个逻辑帧才刷新一次（当前逻辑帧 %d）。")                                \
    X(ExplainGridTick, "Tick %d: %d cells scanned to refresh super-view entities; events: %d.",           \
      "第 %d 个逻辑帧：为刷新超视野实体扫描了 %d 个格子；事件 %d 个。")                                    \
    X(ExplainQuadtree, "Visited %d tree nodes (%d leaves, down to depth %d) for a query of reach %g around (%g, %g); distance checks: %d, events: %d.", \
      "访问了 %d 个树节点（%d 个叶子，深至第 %d 层），查询范围 %g，中心 (%g, %g)；距离检查 %d 次，事件 %d 个。") \
    X(ExplainTower, "%s stands in tower (%d, %d); its view of radius %g covers %d towers; towers and entities looked at: %d, distance checks: %d, events: %d.", \
      "%s 位于灯塔 (%d, %d)；半径 %g 的视野覆盖 %d 个灯塔；查看灯塔和实体 %d 次，距离检查 %d 次，事件 %d 个。") \
    X(ExplainTowerMove, "Its view left %d towers and entered %d (kept %d).", "它的视野离开 %d 个灯塔，进入 %d 个（保留 %d 个）。") \
    X(ExplainBrute, "Tested every other entity: distance checks: %d, events: %d.",                          \
      "检查了其他所有实体：距离检查 %d 次，事件 %d 个。")                                                  \
    X(AoiTick, "Tick", "逻辑帧")                                                                           \
    X(TipAoiTick, "Advance time by one tick: in lazy mode the super-view entities whose interval is up " \
      "refresh their view.",                                                                             \
      "时间前进一个逻辑帧：懒惰模式下到期的超视野实体刷新视野。")                                         \
    X(ExplainNothing, "%s did not look at anything for this operation.", "%s 这个操作没有查看任何东西。") \
    X(ExplainEvents, "Events: %d enter, %d move, %d leave.", "事件：%d 个进入，%d 个移动，%d 个离开。")   \
    X(ExplainDisagree, "%s differs from brute force on this operation.", "%s 在这个操作上与暴力遍历不一致。") \
    X(ListsXList, "x list", "x 链表")                                                                    \
    X(ListsYList, "y list", "y 链表")                                                                    \
    X(ListsNotCrossList, "The lists belong to the cross-linked list method.", "链表属于十字链表方法。")  \
    X(ListsLit, "Walked, in order: %s", "依次走过：%s")                                                  \
    X(ListsNone, "(none)", "（无）")                                                                     \
    X(TipListsNode, "%s: x = %s, y = %s", "%s：x = %s，y = %s")                                          \
    X(TipListsWalked, "Walked as step %d of the last operation.", "上一个操作的第 %d 步走过。")          \
    X(TipListsCandidate, "Within range on both axes: handed to the exact test.",                         \
      "两个轴上都在范围内：交给精确检查。")                                                              \
    X(TipListsStop, "Beyond the reach: the walk stopped here.", "超出范围：遍历在这里停下。")             \
    X(GridSummary, "Cells of %g: %d x %d, standard radius %g, %d occupied.",                             \
      "格子大小 %g：%d x %d，标准半径 %g，%d 个有实体。")                                                \
    X(GridCounts, "Entities per cell", "每格实体数")                                                     \
    X(GridTooMany, "Too many cells for a table: the occupied ones are listed.", "格子太多，只列出有实体的格子。") \
    X(GridCellColumn, "Cell", "格子")                                                                    \
    X(GridCountColumn, "Entities", "实体数")                                                             \
    X(GridClassColumn, "Last operation", "上一个操作")                                                   \
    X(GridEntered, "entered", "进入")                                                                    \
    X(GridLeft, "left", "离开")                                                                          \
    X(GridKept, "kept", "保留")                                                                          \
    X(GridScanned, "scanned", "扫描")                                                                    \
    X(GridStandardLabel, "standard radius %g", "标准半径 %g")                                            \
    X(TipGridCell, "Cell (%d, %d): %d entities", "格子 (%d, %d)：%d 个实体")                             \
    X(QuadtreeSummary, "%d nodes (%d leaves), depth up to %d, capacity %d; last query visited %d.",      \
      "%d 个节点（%d 个叶子），最深第 %d 层，容量 %d；上一次查询访问了 %d 个。")                         \
    X(QuadtreeNode, "depth %d  [%g, %g) x [%g, %g)  %d entities", "第 %d 层  [%g, %g) x [%g, %g)  %d 个实体") \
    X(QuadtreeLeaf, "leaf", "叶子")                                                                      \
    X(QuadtreeVisitedOnly, "Only visited nodes", "只显示访问过的节点")                                   \
    X(TipQuadtreeVisitedOnly, "Show only the nodes the last query looked at.", "只显示上一次查询查看过的节点。") \
    X(TowersSummary, "Towers of %g: %d x %d, %d in use.", "灯塔大小 %g：%d x %d，%d 个在用。")            \
    X(TowersCovered, "The view of %s covers %d towers.", "%s 的视野覆盖 %d 个灯塔。")                     \
    X(TowersLabels, "Labels on the scene: entities / watchers of each tower.", "场景上的标注：每个灯塔的实体数 / 观察者数。") \
    X(TowersSelectHint, "Select an entity to see the towers its view covers.", "选中一个实体，查看它的视野覆盖哪些灯塔。") \
    X(TowersTower, "Tower", "灯塔")                                                                      \
    X(TowersEntities, "Entities", "实体")                                                                \
    X(TowersWatchers, "Watchers", "观察者")                                                              \
    X(TowersNoTower, "The tower method is not built in.", "未内置灯塔方法。")                            \
    X(EventsEntity, "Entity", "实体")                                                                    \
    X(TipEventsEntity, "Show only events whose watcher or target has this id (empty: all).",             \
      "只显示观察者或目标为该编号的事件（留空：全部）。")                                                \
    X(EventsLastOnly, "Last operation only", "只看上一个操作")                                           \
    X(TipEventsLastOnly, "Show only the events of the last operation.", "只显示上一个操作的事件。")      \
    X(EventsSelectedOnly, "Selected entity", "选中的实体")                                               \
    X(TipEventsSelectedOnly, "Show only the events of the selected entity.", "只显示选中实体的事件。")   \
    X(TipEventsType, "Show or hide this type of event.", "显示或隐藏这类事件。")                         \
    X(EventsEnter, "enter", "进入")                                                                      \
    X(EventsMove, "move", "移动")                                                                        \
    X(EventsLeave, "leave", "离开")                                                                      \
    X(EventsShown, "%d of %d events shown", "显示 %d / %d 个事件")                                        \
    X(EventsOp, "Op", "操作")                                                                            \
    X(EventsTick, "Tick", "逻辑帧")                                                                        \
    X(EventsType, "Type", "类型")                                                                        \
    X(EventsPair, "Watcher -> target", "观察者 -> 目标")                                                  \
    X(TipEventsRow, "Click to select the target and draw the watcher's line to it.",                      \
      "点击选中目标，并画出观察者到它的连线。")                                                          \
    X(CompareMethod, "Method", "方法")                                                                   \
    X(CompareVisited, "Looked at", "查看")                                                               \
    X(CompareChecks, "Checks", "检查")                                                                   \
    X(CompareEvents, "Events", "事件")                                                                   \
    X(CompareTime, "µs", "微秒")                                                                         \
    X(CompareLast, "Last operation", "上一个操作")                                                       \
    X(CompareRow, "%s: looked at %s, checks %s, events %s, %s µs", "%s：查看 %s，检查 %s，事件 %s，%s 微秒") \
    X(CompareTotal, "All operations", "所有操作")                                                        \
    X(TipCompareVisited, "What the method looked at in its own structure: entities (brute force), list nodes (cross-linked list, never index buckets), cells (grid), tree nodes (quadtree), towers (towers).", \
      "方法在自己的结构里查看的东西：实体（暴力遍历）、链表节点（十字链表，不含索引桶）、格子（网格）、树节点（四叉树）、灯塔（灯塔）。") \
    X(TipCompareChecks, "Entity-to-entity range tests.", "实体之间的范围检查次数。")                     \
    X(TipCompareEvents, "Events the method emitted.", "该方法发出的事件数。")                            \
    X(TipCompareTime, "Wall time in microseconds on this machine (one run, noisy).", "本机耗时，微秒（单次运行，有噪声）。") \
    X(CompareAgreesAll, "%s: the same events as brute force on every operation.", "%s：每个操作的事件都与暴力遍历相同。") \
    X(CompareDiffers, "%s: operations whose events really differed from brute force (not expected lag): %d.", "%s：事件与暴力遍历真正不同的操作（不算预期滞后）：%d 个。") \
    X(CompareLazyPairs, "%s (lazy super-view): watcher -> target pairs that differ from brute force now: %d", \
      "%s（懒惰超视野）：当前与暴力遍历不同的观察者 -> 目标：%d 对")                                    \
    X(CompareSeesOnlyBrute, "%s -> %s: brute force sees it, %s not yet", "%s -> %s：暴力遍历看到了，%s 还没有") \
    X(CompareSeesOnlyMethod, "%s -> %s: %s still sees it, brute force not", "%s -> %s：%s 仍看到，暴力遍历没有") \
    X(CompareNoBrute, "Brute force is left out above %d entities (it tests every entity on every operation), so agreement is not checked.", \
      "超过 %d 个实体时不运行暴力遍历（它每个操作都检查所有实体），因此不检查一致性。")              \
    X(CompareLazyNone, "%s (lazy super-view): no pair differs right now.", "%s（懒惰超视野）：当前没有不同的关系。") \
    X(OpNumber, "Operation %d of %d", "第 %d 个操作（共 %d 个）")                                        \
    X(OpEdit, "Edit", "编辑")                                                                            \
    X(ExplainListEnd, "the end", "末尾")                                                                 \
    X(ExplainInsertHead, "%s list: walked from the head past %s (%d %s) and stopped at %s; nodes read: %d.", \
      "%s 链表：从表头走过 %s（%d %s），停在%s；读了 %d 个节点。") \
    X(ExplainInsertOtherIndex, "With the bucket index (the improvement): buckets probed %d, nodes read %d (this walk read %d).", \
      "换成分桶索引（改进做法）：探查 %d 个桶，读 %d 个节点（这次读了 %d 个）。") \
    X(ExplainInsertIndex, "%s list: the bucket index found the place before %s; buckets probed: %d, nodes read: %d.", \
      "%s 链表：分桶索引找到%s之前的位置；探查 %d 个桶，读了 %d 个节点。") \
    X(ExplainInsertNeighbours, "%s list: a short move, walked from its old neighbours to the place before %s; nodes read: %d.", \
      "%s 链表：移动距离短，从原来的邻居走到%s之前的位置；读了 %d 个节点。") \
    X(ExplainInsertOtherHead, "Walking from the head, as the article does: nodes read %d (this way: nodes %d, buckets %d).", \
      "若像文章那样从表头走：要读 %d 个节点（这次读了 %d 个节点，探查 %d 个桶）。") \
    X(ExplainListCosts, "Counters: list nodes read to place it: %d, in the range walk: %d; index buckets probed: %d; distance checks: %d.", \
      "计数：放置时读了 %d 个链表节点，范围遍历读了 %d 个；探查分桶索引 %d 个桶；距离检查 %d 次。")         \
    X(ExplainLeaveList, "%s was unlinked from the x and y lists (it owns its nodes: no walk); leave events went to the entities in its watcher set: %d. List nodes read: %d, distance checks: %d. The article walks the lists around it to find whom to tell instead.", \
      "%s 从 x、y 链表中摘下（它持有自己的节点，不用遍历）；离开事件发给它的观察者集合中的实体：%d 个。读了 %d 个链表节点，距离检查 %d 次。文章的做法是在它周围遍历链表来找出要通知谁。") \
    X(ExplainLeaveSet, "%s was taken out of the structure; leave events went to the entities in its watcher set, with no search: %d. Looked at: %d, distance checks: %d.", \
      "%s 从结构中移除；离开事件发给它的观察者集合中的实体，不需要搜索：%d 个。查看 %d 次，距离检查 %d 次。") \
    X(ExplainLeaveSearch, "%s was taken out of the structure. With no hysteresis this method keeps no relation (who sees whom follows from the positions), so it searched around %s's place for those that see it; leave events: %d. Looked at: %d, distance checks: %d.", \
      "%s 从结构中移除。没有滞后时这个方法不保存任何关系（谁看见谁由位置决定），所以它在 %s 所在处周围搜索看得见它的实体；离开事件：%d 个。查看 %d 次，距离检查 %d 次。") \
    X(ExplainMoveSets, "The sets of %s's move: old set (saw it before): %s; new set (sees it now): %s; move set (both): %s get move events; new minus old: %s get enter; old minus new: %s get leave.", \
      "%s 移动的三个集合：旧集合（移动前看得到）：%s；新集合（现在看得到）：%s；移动集合（两者都有）：%s 收到移动事件；新集合减旧集合：%s 收到进入事件；旧集合减新集合：%s 收到离开事件。") \
    X(CompareLookedAtUnits, "Looked at: entities (brute force), list nodes (cross-linked list), cells (grid), tree nodes (quadtree), towers (towers).", \
      "查看：实体（暴力遍历）、链表节点（十字链表）、格子（网格）、树节点（四叉树）、灯塔（灯塔）。")    \
    X(CompareAgreesUpToLag, "%s: the same events as brute force, apart from expected lag.", "%s：除预期滞后外，事件都与暴力遍历相同。") \
    X(CompareExpectedLag, "%s (lazy super-view): watcher -> target pairs behind brute force: %d, expected lag; ticks to the next refresh, which catches up: %d.", \
      "%s（懒惰超视野）：落后于暴力遍历的观察者 -> 目标：%d 对，这是预期滞后；%d 个逻辑帧后的刷新会赶上。") \
    X(CompareRealPairs, "%s: watcher -> target pairs that differ from brute force beyond expected lag: %d.", \
      "%s：超出预期滞后、与暴力遍历不同的观察者 -> 目标：%d 对。") \
    X(CompareInsertHead, "walking from the head (the article)", "从表头走（文章的做法）")                \
    X(CompareInsertIndex, "the bucket index", "分桶索引")                                                \
    X(CompareListTitle, "%s, inserting by %s:", "%s，插入方式：%s：")                                     \
    X(CompareListLast, "last operation: list nodes read to place it %llu, in the range walk %llu; index buckets probed %llu; distance checks %llu. By %s: %llu nodes, %llu buckets.", \
      "上一个操作：放置读了 %llu 个链表节点，范围遍历 %llu 个；探查索引桶 %llu 个；距离检查 %llu 次。若用%s：%llu 个节点，%llu 个桶。") \
    X(CompareListTotal, "all operations: list nodes read to place %llu, in range walks %llu; index buckets probed %llu; distance checks %llu. By %s: %llu nodes, %llu buckets.", \
      "所有操作：放置读了 %llu 个链表节点，范围遍历 %llu 个；探查索引桶 %llu 个；距离检查 %llu 次。若用%s：%llu 个节点，%llu 个桶。") \
    X(CheckExpectedLag, "Of these, %d are expected lag (a lazy super-view watcher not refreshed yet), not a disagreement.", \
      "其中 %d 个是预期滞后（懒惰超视野的观察者还没刷新），不算不一致。")                                 \
    X(AoiInsert, "List insertion", "链表插入")                                                           \
    X(AoiInsertHead, "From the head", "从表头走")                                                        \
    X(AoiInsertIndex, "Bucket index", "分桶索引")                                                        \
    X(TipAoiInsert, "Cross-linked list: find a new node's place by walking each list from its head, as the article does (O(n)), or through the bucket index (the improvement). Compare shows both costs.", \
      "十字链表：像文章那样从表头沿链表走来找新节点的位置（O(n)），或用分桶索引（改进做法）。“方法对比”同时显示两种代价。") \
    X(AoiFlicker, "Flicker (%s, in and out within the window): %llu", \
      "闪烁（%s，窗口内进出）：%llu 次") \
    X(AoiFlickerWindow, "Flicker window (ticks)", "闪烁窗口（逻辑帧）")                                  \
    X(TipAoiFlicker, "Pairs that entered and left again (or left and entered again) within the window: two messages for nothing. Turn hysteresis up and watch it drop.", \
      "在窗口内进入又离开（或离开又进入）的关系：白白多发两条消息。调大滞回，看它下降。") \
    X(PanelBudget, "Message budget", "消息预算")                                                         \
    X(BudgetMessageSize, "Bytes per message", "每条消息字节数")                                          \
    X(TipBudgetMessageSize, "What one enter, move or leave message costs on the wire, for the byte figures.", \
      "一条进入、移动或离开消息在网络上占多少字节，用于计算字节数。")                                    \
    X(BudgetLegend, "Bar: events sent in one tick, newest on the right; full height: events %llu, bytes %llu.", \
      "柱：一个逻辑帧内发出的事件，最新的在右边；满高：%llu 个事件，%llu 字节。") \
    X(BudgetMethod, "%s: this tick: events %llu, bytes %llu; last %d ticks: events %llu, bytes %llu", \
      "%s：本逻辑帧：%llu 个事件，%llu 字节；最近 %d 个逻辑帧：%llu 个事件，%llu 字节") \
    X(BudgetLazy, "Lazy super-view, last %d ticks: the grid sent %llu events, brute force %llu: saved %lld events (%lld bytes); paid for with pairs lagging now: %d, ticks to the refresh: %d.", \
      "懒惰超视野，最近 %d 个逻辑帧：网格发出 %llu 个事件，暴力遍历 %llu 个：省下 %lld 个事件（%lld 字节）；代价是当前滞后的关系：%d 对，%d 个逻辑帧后刷新。") \
    X(OverlayLegend, "On the scene: %s", "场景上显示：%s")                                                \
    X(OverlayLegendChoose, "(click another structure panel to switch)", "（点击另一个结构面板即可切换）") \
    X(OverlayShowHere, "Draw it on the scene", "在场景上显示它")                                         \
    X(ListsWalkSpan, "Walked %d nodes from x = %g to x = %g (list of %d).", "走过 %d 个节点，从 x = %g 到 x = %g（链表共 %d 个）。") \
    X(ListsNoWalk, "The last operation walked no node.", "上一个操作没有走过节点。")                     \
    X(TipListsOverview, "The whole list, left to right: orange is the walked span, the white frame the part shown above.", \
      "整个链表，从左到右：橙色是走过的范围，白框是上面显示的部分。")                                    \
    X(QuadtreeTreeHint, "Root on top; a node's width is its entity count; orange: visited by the last query.", \
      "根在最上面；节点的宽度是它的实体数；橙色：上一次查询访问过。")                                    \
    X(QuadtreeDeeper, "Deeper levels not drawn (the panel is too short): %d.", "还有 %d 层更深的节点未画出（面板太矮）。") \
    X(TowersHeatLegend, "entities per tower", "每个灯塔的实体数")                                         \
    X(GridHeatLegend, "entities per cell", "每个格子的实体数")                                           \
    X(TowersHeatHint, "Yellow frame: covered by the selected view; green / vermillion: towers its view entered / left.", \
      "黄框：选中实体的视野覆盖的灯塔；绿色 / 朱红：它的视野进入 / 离开的灯塔。")                        \
    X(TipTowersCell, "Tower (%d, %d): %d entities, %d watchers", "灯塔 (%d, %d)：%d 个实体，%d 个观察者")
// clang-format on
