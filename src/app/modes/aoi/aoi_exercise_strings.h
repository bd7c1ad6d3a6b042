#pragma once
// The AOI exercise's part of the one string table (X(id, English, Chinese)).
// clang-format off
#define AOILAB_AOI_EXERCISE_STRINGS(X)                                                                  \
    X(PanelAoiExercise, "Exercise: who is told?", "练习：谁会收到通知？")                                \
    X(AoiToolPredict, "Predict", "预测")                                                                 \
    X(TipAoiToolPredict, "Exercise: click an entity once if it will be told that the operation's entity entered its view, twice for moved, three times for left, a fourth time to clear. Then step (Right) to reveal. Key: P.", "练习：如果某个实体会收到“操作对象进入视野”的通知，单击它一次；“在视野内移动”单击两次；“离开视野”单击三次；第四次清除。然后单步（右方向键）揭晓。按键：P。") \
    X(AoiExerciseQuestion, "Operation %d of %d: %s. Who is told, and what?", "第 %d 个操作（共 %d 个）：%s。谁会收到通知，收到什么？") \
    X(AoiExerciseNoQuestion, "The next operation is a tick or the script has ended: nothing to predict.", "下一个操作是逻辑帧，或脚本已结束：没有要预测的。") \
    X(AoiExerciseYourGuess, "Your guess: %s", "你的猜测：%s")                                            \
    X(AoiExerciseNobody, "Nobody is told", "没有人收到通知")                                             \
    X(TipAoiExerciseNobody, "Guess that this operation tells nobody about the entity.", "猜测这个操作不会通知任何实体。") \
    X(AoiExerciseNoGuess, "(none yet: click entities with the Predict tool, or Nobody)", "（还没有：用“预测”工具单击实体，或选“没有人”）") \
    X(AoiExerciseNobodyText, "nobody", "没有人")                                                         \
    X(AoiExerciseScore, "Score: %d of %d", "得分：%d / %d")                                              \
    X(AoiExerciseLast, "Last step: you said %s; the method told %s (%s).", "上一步：你的答案是 %s；方法通知了 %s（%s）。") \
    X(AoiExerciseLegendGuess, "letters: your guess (E enter, M move, L leave)", "字母：你的猜测（E 进入，M 移动，L 离开）") \
    X(AoiExerciseLegendAnswer, "rings: the answer after the reveal", "圆环：揭晓后的答案")              \
    X(AoiExerciseNotCounted, "This step was scored before: not counted again.", "这一步之前已经计过分：不再计入。")
// clang-format on
