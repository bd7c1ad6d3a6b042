#pragma once
// The maps mode's part of the one string table (strings.h appends this list, so these ids live in the
// same Str enum and go through the same tr()). X(id, English, Chinese); strings with printf placeholders
// keep the same placeholders in the same order in both languages. Prefix ids with Maps to avoid clashes.
// clang-format off
#define AOILAB_MAPS_STRINGS(X)                                                                        \
    X(MapsIntro, "One map as flood-fill waypoints, quadtree regions, a navmesh and lookup tables.", "同一张地图的泛洪路点、四叉树区域、导航网格和查找表表示。") \
    X(MapsPanel, "Representations", "地图表示")                                                          \
    X(MapsThinnedPoints, "Zoomed out: one point in %d each way is drawn, without links; zoom in to see them all.", \
      "缩小显示：每个方向每 %d 个点画一个，不画连接；放大可看到全部。")                                   \
    X(MapsThinnedRegions, "%s regions narrower than 2 pixels are not drawn; zoom in to see them.",        \
      "%s 个窄于 2 像素的区域未画出；放大可看到它们。")                                                 \
    X(MapsBuildTitle, "Building the map's representations", "正在构建地图表示")                          \
    X(MapsBuildWaypoints, "Waypoints of the %d x %d map: %s of about %s points", "%d x %d 地图的路点：%s / 约 %s 个点") \
    X(MapsBuildRegions, "Quadtree regions of the %d x %d map: %s of %s splits", "%d x %d 地图的四叉树区域：%s / %s 次分裂") \
    X(MapsBuildLinks, "Linking the regions of the %d x %d map: %s of %s", "连接 %d x %d 地图的区域：%s / %s") \
    X(MapsBuildTable, "Lookup table of the %d x %d map: %s of %s rows", "%d x %d 地图的查找表：%s / %s 行") \
    X(MapsBuildKeeps, "Until this is done the map, step, seed and representations shown stay; Cancel (Esc) keeps them.", \
      "完成之前显示的地图、间距、种子和各种表示保持不变；取消（Esc）则保留它们。")                         \
    X(MapsBuildKeepsStroke, "Until this is done the representations shown stay; Cancel (Esc) keeps them and puts the painted cells back.", \
      "完成之前显示的各种表示保持不变；取消（Esc）则保留它们并撤销刚画的格子。")                         \
    X(MapsPanelTable, "Lookup table", "查找表")                                                          \
    X(MapsViewWaypoints, "Waypoints", "路点")                                                            \
    X(MapsViewRegions, "Regions", "区域")                                                                \
    X(MapsViewNavmesh, "Navmesh", "导航网格")                                                            \
    X(MapsViewTable, "Table", "查找表")                                                                  \
    X(MapsStep, "Waypoint step (cells)", "路点间距（格）")                                               \
    X(MapsRowGrid, "Grid A* (optimum)", "网格 A*（最优）")                                               \
    X(MapsRowWaypoints, "Waypoints", "路点")                                                             \
    X(MapsRowRegions, "Regions, refined", "区域（细化）")                                                \
    X(MapsRowFunnel, "Navmesh, funnel", "导航网格，漏斗")                                                \
    X(MapsRowMidpoints, "Navmesh, portal midpoints", "导航网格，门户中点")                               \
    X(MapsRowTable, "Lookup table", "查找表")                                                            \
    X(MapsColShow, "Show", "显示")                                                                       \
    X(MapsColLength, "Length", "长度")                                                                   \
    X(MapsColRatio, "vs grid", "与网格之比")                                                             \
    X(MapsColNodes, "Nodes", "节点")                                                                     \
    X(MapsColBuild, "Build ms", "构建毫秒")                                                              \
    X(MapsColQuery, "Query µs", "查询微秒")                                                              \
    X(MapsColMemory, "Memory", "内存")                                                                   \
    X(MapsNoPath, "no path", "无路径")                                                                   \
    X(MapsRowRefused, "refused: needs %s", "已拒绝：需要 %s")                                             \
    X(MapsRowBuilding, "building %d of %d", "正在构建 %d / %d")                                          \
    X(MapsBuilding, "Building the navmesh of %d x %d cells in the background: %.1f s so far.", "正在后台构建 %d x %d 格的导航网格：已用 %.1f 秒。") \
    X(MapsBuildingTiles, "Navmesh: %d of %d tiles, %.1f s", "导航网格：%d / %d 块，%.1f 秒") \
    X(MapsCancel, "Cancel", "取消") \
    X(MapsPaintPending, "Painting a large map: the representations are rebuilt once, when the button is released.", "正在大地图上绘制：松开按键时才重建各种表示（一次）。") \
    X(MapsNavmeshCancelled, "The navmesh build was cancelled.", "导航网格构建已取消。") \
    X(MapsBuildAgain, "Build the navmesh", "构建导航网格") \
    X(MapsWhyWaypoints, "The waypoint path bends at lattice points: it can only turn where the flood placed a point.", "路点路径在格点处转弯：只能在泛洪放置的点上转向。") \
    X(MapsWhyRegions, "The region path is the grid path inside the corridor of regions: optimal within the corridor, sometimes longer than the grid optimum.", "区域路径是区域走廊内的网格路径：在走廊内最优，有时比网格最优解长。") \
    X(MapsWhyFunnel, "The navmesh funnel cuts corners the grid cannot: it walks straight through open polygons, so it can be shorter than the 8-direction grid optimum.", "导航网格的漏斗路径能切过网格切不过的角：它在开放多边形中走直线，因此可能比八方向网格最优解更短。") \
    X(MapsWhyMidpoints, "Through portal midpoints the path zigzags from edge middle to edge middle: the odd-looking path users of navmesh tools report.", "经过门户中点的路径在各边中点之间折来折去：正是导航网格工具用户常说的奇怪路径。") \
    X(MapsWhyTable, "The table path is the waypoint path read hop by hop from precomputed tables: the same length, found without a search.", "查找表路径是从预计算的表中逐跳读出的路点路径：长度相同，无需搜索。") \
    X(MapsTableTooBig, "The lookup table of %d waypoints needs %s bytes: more than the %s budget.", "%d 个路点的查找表需要 %s 字节：超过 %s 的预算。") \
    X(MapsTableInfo, "%d waypoints: next-hop and cost tables, %s bytes.", "%d 个路点：下一跳表和代价表，%s 字节。") \
    X(MapsTableNext, "Next hop (row: from, column: to); the query's row and column lit", "下一跳（行：起点，列：终点）；查询所在的行和列高亮") \
    X(MapsTableCost, "Cost", "代价")                                                                     \
    X(MapsToolQuery, "Drag", "拖动")                                                                     \
    X(TipMapsToolQuery, "Drag the start (green) or the goal (red) (Q): every representation answers again", "拖动起点（绿色）或终点（红色）（Q）：所有表示重新回答") \
    X(MapsToolWall, "Wall", "墙")                                                                        \
    X(TipMapsToolWall, "Paint walls (B): every representation is rebuilt", "绘制墙（B）：所有表示都会重建") \
    X(MapsToolErase, "Erase", "擦除")                                                                    \
    X(TipMapsToolErase, "Erase walls (E)", "擦除墙（E）")                                                \
    X(MapsLegendPoint, "waypoint; queued for the flood; just taken", "路点；在泛洪队列中；刚取出")       \
    X(MapsLegendSeed, "the flood's seed (W: move it)", "泛洪的种子点（W：移动）") \
    X(MapsToolSeed, "Seed", "种子") \
    X(TipMapsToolSeed, "Move the flood's seed (W): the waypoints grow again from where you release", "移动泛洪的种子点（W）：松开处重新生成路点") \
    X(MapsLegendRefused, "link refused (no clear line)", "被拒绝的连接（视线受阻）")                    \
    X(MapsLegendRegion, "open region (the query's corridor darker); mixed; blocked", "开放区域（查询走廊更深）；混合；阻塞") \
    X(MapsLegendPortal, "navmesh polygons (one hue each); the corridor's portals", "导航网格多边形（各一色）；走廊的门户") \
    X(MapsStatusLine, "%s %d x %d | %s | grid %s, waypoints %s, navmesh %s", "%s %d x %d | %s | 网格 %s，路点 %s，导航网格 %s") \
    X(MapsExplainWaypoints, "The flood has taken %d of %d points from its queue: %d links, %d refused so far.", "泛洪已从队列中取出 %d / %d 个点：目前 %d 条连接，%d 条被拒绝。") \
    X(MapsExplainRegions, "Split %d of %d: %d regions so far, %d nodes not visited yet (in all %d regions, %d quadtree nodes, depth %d).", "第 %d / %d 次划分：已有 %d 个区域，%d 个节点尚未访问（共 %d 个区域，%d 个四叉树节点，深度 %d）。") \
    X(MapsLegendSplit, "node just split; nodes not visited yet", "刚划分的节点；尚未访问的节点") \
    X(MapsNavStepStart, "Recast builds the navmesh tile by tile (%d tiles, %d polygons in all): each tile is rasterised, split into regions, outlined by contours, then cut into convex polygons.", "Recast 逐块构建导航网格（%d 块，共 %d 个多边形）：每块先栅格化，再划分区域、描出轮廓，最后切成凸多边形。") \
    X(MapsNavStepWalkable, "Tile %d of %d, step 1 of 4 (rasterise): %d walkable cells.", "第 %d / %d 块，第 1 / 4 步（栅格化）：%d 个可行走格。") \
    X(MapsNavStepRegions, "Tile %d of %d, step 2 of 4 (regions): the walkable cells split into %d regions.", "第 %d / %d 块，第 2 / 4 步（区域）：可行走格划分为 %d 个区域。") \
    X(MapsNavStepContours, "Tile %d of %d, step 3 of 4 (contours): %d region outlines.", "第 %d / %d 块，第 3 / 4 步（轮廓）：%d 条区域轮廓。") \
    X(MapsNavStepPolygons, "Tile %d of %d, step 4 of 4 (polygons): %d convex polygons; %d of %d shown; the query crosses %d polygons.", "第 %d / %d 块，第 4 / 4 步（多边形）：%d 个凸多边形；已显示 %d / %d 个；查询经过 %d 个多边形。") \
    X(MapsNavStagesRefused, "The build steps are not kept for this map (they could need %s): one step per tile.", "此地图不保留构建步骤（可能需要 %s）：每块一步。") \
    X(MapsLegendNavStage, "tile being built; its walkable cells; its regions and contours (one hue each)", "正在构建的块；其可行走格；其区域和轮廓（各一色）") \
    X(MapsExplainEntityRegion, "Entity %d stands in region %d with %d entities (itself included).", "实体 %d 位于区域 %d，该区域共有 %d 个实体（含其自身）。") \
    X(MapsExplainEntityPolygon, "Entity %d stands in polygon %d with %d entities (itself included).", "实体 %d 位于多边形 %d，该多边形共有 %d 个实体（含其自身）。") \
    X(MapsExplainEntityWaypoints, "Entity %d sees %d waypoints: a route from it joins the graph at one of them.", "实体 %d 能看到 %d 个路点：从它出发的路线从其中之一进入路点图。") \
    X(MapsExplainEntityNoWaypoint, "Entity %d sees no waypoint: no route from it can join the graph.", "实体 %d 看不到任何路点：从它出发的路线无法进入路点图。") \
    X(MapsLegendHoverRegion, "under the mouse: the region, lines to its neighbours", "鼠标下：该区域及到相邻区域的连线") \
    X(MapsLegendHoverPolygon, "under the mouse: the polygon, lines to its neighbours", "鼠标下：该多边形及到相邻多边形的连线") \
    X(MapsLegendEntity, "AOI entity (click with Pick, V, to select)", "AOI 实体（用“选取”工具 V 点击选中）") \
    X(MapsLegendEntityPolygon, "selected entity and its polygon; entities in the same polygon", "选中的实体及其多边形；同一多边形中的实体") \
    X(MapsLegendEntityWaypoints, "selected entity and its lines to the waypoints in its sight", "选中的实体及其到视线内路点的连线") \
    X(MapsLegendEntityRegion, "selected entity and its region; entities in the same region", "选中的实体及其区域；同一区域中的实体") \
    X(MapsLegendNoEntities, "The AOI world has no entities: add some in the AOI workbench (F1) to see who shares a region or a polygon.", "AOI 世界中没有实体：在 AOI 工作台（F1）中添加实体，即可查看谁在同一区域或同一多边形。") \
    X(MapsToolPick, "Pick", "选取") \
    X(TipMapsToolPick, "Select an AOI entity (V): its region (regions view) or polygon (navmesh view) and the entities sharing it light up; the waypoint views draw lines to the waypoints it sees", "选中一个 AOI 实体（V）：点亮其所在区域（区域视图）或多边形（导航网格视图）以及同处其中的实体；路点视图画出它到视线内路点的连线") \
    X(MapsExplainTable, "The table answers any pair by following next hops: %s bytes for %d waypoints.", "查找表沿下一跳回答任意两点：占 %s 字节（%d 个路点）。")
// clang-format on
