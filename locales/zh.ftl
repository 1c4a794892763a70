### 程序自己的文字（中文）：标题、标签、状态栏、帮助、消息。
### 课程正文不在这里：它在 lessons/*.toml 中，各语言并排。
### 语法：https://projectfluent.org/fluent/guide/ 。参数（{ $every }）传进来时已经是格式化好的文字。
### 行首行尾的空格写作 {" "}，花括号写作 {"{"}。

## src/strings/bilingual.rs

missing-translation = 缺失：每课都用{ $languages }和{ $last }{ $count ->
    [2] 两种语言
   *[other] 这 { $count } 种语言
}写成，所以 `{ $english }` 旁边需要 `{ $field }`，用同样的事实说同样的内容 { $see }

## src/strings/cli.rs

see-help = `transformer-tutor --help` 列出全部用法（英文）。
target-needs-source = 目标句需要对应的源句：请同时给出 --src（或 --src-ids）
zero-steps = 0 步什么也训练不了；请给 1 或更多
steps-not-a-number = 步数请给一个整数，例如 1000
train-needs-out = 需要 --out FILE.npz：训练好的权重写到哪里
no-data-dir-to-clear = 这个系统没有数据目录，所以没有可清除的已保存进度
no-data-dir = 这个系统没有数据目录：进度不会被保存
no-lessons = 没有任何课程
weights-with-eval = --weights 对 `train --eval FILE` 不起作用，它评估的是 FILE；请把文件交给 --eval
random-weights-with-train = --random-weights 对 `train` 不起作用：除非 --weights 指定了要微调的文件，`train` 本来就从随机权重（由 --seed 决定）开始
seed-with-weights = --seed 与 --weights 一起不起作用：权重来自文件（--seed 只用于随机权重）
random-weights-with-preset = --random-weights 与 --preset note001 或 note000 一起不起作用：它们的权重本来就是随机的
seed-with-trained = --seed 对训练好的模型不起作用：它只决定随机权重；请加上 --random-weights（或 --preset note001 / note000），或者去掉 --seed
preset-with-weights = --preset 与 --weights 一起不起作用：模型的尺寸由文件里的数组决定
special-tokens-line =
    {""}
    两边共有的特殊词元：<pad> = 0，<unk> = 1，<bos> = 2，<eos> = 3
corpus-training = 训练
corpus-held-out = 留出
grads-need-two-tokens = --grads 需要至少两个词元的目标句（例如 <bos> I <eos>）
translate-empty = 句子是空的；请给一个中文句子，例如 我有一只猫
translate-one-sentence = translate 只接受一个句子；`;` 在别处用来分隔批次中的各句
clap-error-lead = 错误：命令行参数有误。下面是命令行解析器（clap）的英文说明，`transformer-tutor --help` 列出全部用法：
error-line = 错误：{ $message }
warning-line = 警告：{ $warning }
note-line = 注意：{ $note }
no-preset = 没有预设 `{ $name }`{ $hint }（可用的预设：{ $names }）
no-what-if = 没有 what-if `{ $name }`{ $hint }（可用的 what-if：{ $names }）
temperature-not-a-number = `{ $text }` 不是数字；请给一个温度，例如 0.7
temperature-out-of-range = 温度 { $t } 不在 0.1 到 10 之间
wrote-gradients = 已把损失和 { $count } 个权重梯度写入 { $path }
wrote-tensors = 已把 { $count } 个张量和权重写入 { $path }
wrote-pairs = 已把 { $count } 个句对写入 { $path }
cannot-write = 无法写入 { $path }：{ $e }
cannot-write-stdout = 无法写入标准输出：{ $e }
lesson-refused =
    { $e }
    （这一课在显示之前就被拒绝了；请修改文件后再运行）
lesson-for-other-model =
    { $e }
    （课程是为教学模型写的，它有 2 层；这个模型有 { $layers } 层。请不带 --preset/--weights 运行，或用 --lessons-dir 给出为这个模型写的课程）
flag-after-subcommand = ；请把它放在子命令之后：`transformer-tutor { $name } { $flag } …`
tutor-flag-with-subcommand = { $flag } 是教程本身的选项（不带子命令时用）；`{ $name }` 会忽略它{ $hint }
no-effect-on-corpus = { $flag } 对 `corpus` 不起作用：每个模型的训练语料都一样
no-effect-on-eval = { $flag } 对 `train --eval FILE` 不起作用，它评估的是 FILE 里的权重
train-other-preset = `train` 只训练教学模型（笔记 002 的尺寸）；--preset { $preset } 会被忽略。要训练别的尺寸，请用 --weights 微调一个该尺寸的权重文件
no-effect-with-reset = { $flag } 与 --reset-progress 一起不起作用：后者清除已保存的进度后就退出
no-effect-with-list = { $flag } 与 --list 一起不起作用：后者列出课程后就退出
no-effect-with-glossary = { $flag } 与 --glossary 一起不起作用：后者列出术语表后就退出
no-effect-with-at-step = { $flag } 与 --at-step 一起不起作用：后者换上随附训练过程的检查点（要用 { $flag } 就去掉 --at-step）
corpus-heading = 语料（种子 { $seed }）：{ $total } 个句对，{ $train } 个用于训练，{ $heldout } 个留出（从不参与训练）
source-vocabulary-line =
    {""}
    源语言词表，按字符（{ $count } + 4 个特殊词元）：
    {"  "}{ $chars }
target-vocabulary-line =
    {""}
    目标语言词表，按词（{ $count } + 4 个特殊词元）：
    {"  "}{ $words }
samples-heading =
    {""}
    { $split }样例：
print-sentences =
    源句：{ $src }
    目标句：{ $tgt }
    {""}
print-beat-heading = ── 第 { $beat }/{ $beats } 页 · { $name } { $shape } · { $place } ──
translate-attention-heading =
    交叉注意力（{ $name }，{ $heads } 个头的平均），从选出每个词的那个位置看：
    {""}

## src/strings/derive.rs

derive-given = 作为输入交给这次运行
derive-ones = 全 1 的掩码：这个 what-if 在这里什么也不遮
cell-mode-on = 单元格模式：←↑↓→ 选一个数 · [ ] 换头 · b 换下一句 · c 或 Esc 离开
cell-mode-off = 已退出单元格模式
no-cells = 这个张量没有可选的数字网格
no-residual = （无残差）
temperature-only-decode = t 改变解码视图选词的方式（输出一课的最后几页）
tempered-note = 条形：softmax(logits / T)，这一步从中抽样的分布
derive-table-row = 词元 `{ $word }` 的 id 是 { $id }：{ $table } 的第 { $id } 行、第 { $col } 列 = { $num_v }
derive-dot = 对 { $products } 项 { $a_name } × { $b_name } 求和 Σ：
derive-dot-2 = {"  "}其余 { $products_listed } 个乘积之和为 { $num_rest }
derive-dot-3 = {"  "}总和 = { $sum }
derive-split = { $input }[{ $b }, { $t }, { $feature }]：头 { $head } 拿到特征 { $first }..{ $last }
derive-merge = { $input }[{ $b }, { $head }, { $t }, { $c }]：头 { $head } 的特征 { $c }
derive-normalize = 这个词元在 { $input } 中的 { $d } 个特征：μ = { $mean }，σ² = { $var }；({ $xs } − μ) / √(σ² + { $eps }) = { $out }
derive-identity = 与 { $input } 是同一个张量，只是换了名字
derive-result = 重算 { $derived } · 引擎 { $engine }
cell-title = {" "}这个数从哪里来？· { $tensor }{" "}
cell-columns = {" "}· 第 { $first }–{ $last } 列，共 { $of } 列
sampled-heading = 按 T = { $temperature } 采样，种子 0：{ $sampled }  ·  贪心：{ $greedy }

## src/strings/derive_gradient.rs

grad-of-loss = 损失本身：∂L/∂L = 1，反向传播从这里出发
grad-head-removed = 这个头在这里被去掉了，梯度传不回来
grad-no-path = 这条路不传回梯度
grad-masked = 被掩码遮住：这个分数换成了常数，常数的导数为 0
grad-pad-label = 这里的标签是 <pad>，损失不计它
grad-relu-open = ReLU′ 1（输入 > 0）
grad-relu-closed = 输入 { $num_x } ≤ 0，ReLU 在那里是平的
grad-mask-factor = 掩码 { $num_m }
grad-weights-column = 权重[{ $b }, { $h }, :, { $key }]
grad-broadcast-sum = {"  "}这个数被加到了 { $count } 个格子上，把这些格子的 { $upstream } 加起来 = { $num_sum }
grad-softmax = {"  "}p = { $p }，此处的 { $upstream } = { $g }，Σₖ { $upstream }ₖ·pₖ = { $through }
grad-normalize = {"  "}g = 此处的 { $upstream } = { $g }，mean(g) = { $g_mean }，x̂ = { $hat }，mean(g·x̂) = { $g_hat_mean }，σ = { $sigma }
grad-cross-entropy = {"  "}(softmax(logits) { $p } − 目标 { $target }) / { $labels } 个标签 = { $value }
grad-paths-sum = { $paths } 条路在这里汇合：总和 = { $num_total }
grad-dot-sum = {"  "}对 { $terms } 项 { $upstream } × { $other } 求和 = { $num_sum }
grad-linear-weight = { $consumer } 的 W[:, { $col }]

## src/strings/dial.rs

key-dial = 训练时间：同一页，换成训练更少（-）或更多（+）步时的模型
hint-dial = 训练步数
dial-unavailable = 这次运行没有训练检查点
dial-at-start = 已经是第 0 步：还没训练过的模型
dial-at-end = 这已经是本次打开的模型：按 - 回到更早的训练时间
dial-own = 回到本次打开的模型
dial-other-model = 训练时间只适用于随程序附带的训练过程，它的尺寸或词表与当前模型不同
dial-making-start = 正在生成训练检查点（只需一次，保存在数据目录）……
dial-ready = 训练检查点已就绪：- 更早，+ 更晚
dial-title = 训练时间
dial-making = 正在生成训练检查点：第 { $done }/{ $total } 步（只需一次，保存在数据目录）
dial-moved = 训练 { $step }/{ $last } 步后的模型（- 更早，+ 更晚）
dial-not-saved = 检查点已生成，但没有保存：{ $why }
dial-step = 第 { $step }/{ $last } 步
no-checkpoint-at = --at-step { $step }：没有这一步的检查点；训练过程保存的是第 { $steps } 步

## src/strings/files.rs

weights-file = 权重文件

## src/strings/frame.rs

map-title = {" "}当前位置{" "}
trace-title = {" "}形状追踪{" "}
map-output = 输出
map-embed = 词嵌入+PE
map-pad-mask = 填充掩码
map-masks = 掩码
map-self-attn = 自注意力
map-masked-self = 掩码自注意力
map-cross = 交叉
map-legend = {" "}A&N 即 LayerNorm(x + sublayer(x))
no-terminal = 没有终端：标准输出不是 TTY，无法显示教程界面。请在终端里运行，或加上 --print 以纯文本阅读课程
no-controlling-terminal = 没有终端：这个进程没有控制终端（是用 setsid 启动的吗？），教程无法察觉终端是否已经关闭。请在终端的 shell 里运行，或加上 --print 以纯文本阅读课程
no-terminal-input = 没有终端：标准输入不是 TTY，教程无法读取按键。请在终端里运行且不要重定向输入，或加上 --print 以纯文本阅读课程
reads-token-ids = 读取词元 id
reads-no-tensor = 不读取任何张量
trace-title-at = {" "}形状追踪 · { $place }{" "}
non-finite-at = 前向计算最先在 `{ $op }` 处产生了 NaN/Inf：float32 在那里溢出（这组权重太大），由它算出的数都没有意义
map-encoder = 编码 { $layer }
map-decoder = 解码 { $layer }
too-small =
    终端现在是 { $width }x{ $height }。
    请把它放大到至少 { $min_width }x{ $min_height }。
    （q 退出）
terminal-too-small = 终端只有 { $width }x{ $height }，小于本程序需要的 { $min_width }x{ $min_height }，所以没有显示任何课程；请把窗口放大后再运行，或者加上 --print 以纯文本阅读课程
aborted-out-of-memory = transformer-tutor 内存不足，已经停止（终端已恢复）
aborted = transformer-tutor 遇到内部错误（abort），已经停止（终端已恢复）
cannot-watch-signals = 无法监听信号：{ $why }
cannot-open-terminal = 无法打开终端：{ $why }
terminal-error = 终端出错：{ $why }
reads = 读取 { $inputs }

## src/strings/glossary.rs

glossary-unnamed = {" "}* 笔记里没有这个词：列出的是它所依据的一节
no-language = 没有语言 `{ $code }`；本教程支持 { $languages }和 { $last }
glossary-title = 术语表：{ $terms } 个术语的{ $gloss_code ->
    [en] 中英文
   *[other] { $language }与{ $gloss }
}对照（笔记里用到的，照笔记的说法）
note-ref = 笔记 { $note }{ $mark }

## src/strings/grids.rs

greedy-translation = 贪心解码的完整译文：
axis-query = 查询
axis-key = 键
axis-batch-row = 批次中的句子
rows = 行
keys = 个键
tokens = 个词元
scale-open = 色标：[
scale-no-values = {"  "}（无数值）
shades-whole-tensor = 颜色深浅按整个张量的范围
masked-number = −1e9 = 被遮住
masked-shade = ·· = 被遮住（−1e9）
masked-number-inf = −1e9 或 -inf = 被遮住
masked-shade-inf = ·· = 被遮住（−1e9 或 -inf）
padding-mask = 填充掩码：键是真实词元处为 1，<pad> 处为 0
causal-mask = 因果掩码：对角线及其下方为 1，未来为 0
combined-mask = 合并掩码：填充 AND 因果
padding-mask-keys = 键的位置（每行的词元在右侧）
mask-visible = {" "}= 1（可见）{"  "}
mask-hidden = {" "}= 0（遮住）
no-rows = （无行）
masked-fill-label = masked_fill(-1e9)，与代码一致
row-sum = 合计
masked = 遮住
queries = 查询：
legend-masked = {" "}遮住：权重恰为 0
legend-leak = {" "}遮住，但权重 > 0
legend-nan = {" "}不是数：计算崩溃了
legend-relative = {" "}相对于该行最大权重的大小
mean-std = μ/σ
ln-before = 之前
ln-after = 之后
not-computed = {" "}还没算到（按 . 前进一步）
batch-row-of = 批次中的第 { $b } 句（0–{ $last }）
head-of = 头 { $h }（0–{ $last }）
whole-pe-caption = 全部 max_len = { $max_len } 行 · 这个批次用到 0–{ $last }
row-lengths = 各行长度 ‖row‖：{ $parts_join }
rms-line = 批次中的第 { $batch } 句各真实位置上的 rms：{ $parts_join }
mean-of-heads = { $n } 个头的平均
position-label = 位置 { $i }
from-column = {" "}· 从第 { $first } 列起（< >）
axes = 行：{ $row_axis } · 列：{ $col_axis }
empty-grid = （空：{ $rows } × { $cols }）
derivation-more = 行
more-rows = … 还有 { $rows_below }
rows-above-below = … 上面 { $rows_above }，下面 { $below } 行
more-values = … 还有 { $n } 个
scale-range = {"  "}最小 { $min } … 最大 { $max }
padding-mask-note = { $shape }：每个句子一行，广播到每个查询
causal-mask-note = { $shape }：每个句子、每个头都相同
combined-mask-note = { $shape }：每个句子一张 (T, T) 网格，所有头共用
query-of-batch-row = 查询（批次中的第 { $b } 句）
vector-cols = 列：{ $axis } 0..{ $last }
vector-cols-none = 列：{ $axis }（无）
top-words-heading = 每个位置最可能的下一个词 · 均匀分布 1/{ $vocab } = { $uniform }
top-words-rest = · 其余 { $hidden } 个 { $rest }
no-query-rows = { $run }：没有查询行
keys-across = 横向的键，依次是：{ $keys }
no-row = { $run }：没有第 { $i } 行
layernorm-caption = 批次中的第 { $b } 句 · 逐词元，在它的 { $d } 个特征上
strips-caption = {" "}· { $features } 个特征：之前 = x+子层(x)，之后 = x̂
one-scale = ，同一色标 ±{ $range }
strip-min-max = {" "}最小 { $min } 最大 { $max }

## src/strings/input.rs

side-source = 源句
side-target = 目标句
not-an-id = 不是非负整数
no-ids = 没有给出 id
sentence-is-empty = 句子是空的
built-in-weights = 内置权重
bad-ids = { $side } ids：{ $message }
side-error = { $side }：{ $err }
rows-differ = 源句有 { $src_rows } 句，目标句却有 { $tgt_rows } 句；请让两边用 `;` 分隔的句数相同
id-past-embedding = `{ $word }` 的 id 是 { $id }，但模型的词嵌入只有 { $vocab_size } 行（0..{ $vocab_size }）
id-far-too-large = 作为 id 太大了（词表只有 { $vocab_size } 个词）
bad-id-piece = 第 { $row } 行的 `{ $piece }` { $what }
id-outside-vocabulary = 第 { $row } 行的 id { $id } 超出了词表范围（0..{ $vocab_size }）
empty-id-piece = 第 { $row } 行有一个逗号旁边没有 id（比如 `1,,2` 或 `1,2,`）；每两个逗号之间写一个 id
only-padding = { $which }只有 <pad>：填充掩码会把它的每个位置都遮住，注意力就无从读取；{ $give }
target-starts-with-pad = { $which }以 <pad> 开头，而因果掩码下第一个位置只能读它自己，填充掩码又把它遮住了，于是无从读取；{ $begin }
empty-row = { $rows } 句中的第 { $row } 句是空的（两个 `;` 之间没有内容，或末尾多了一个 `;`）；请给每一句写上词，或删掉这个 `;`
too-many-rows = 一共 { $rows } 句，超过了一次运行最多接受的 { $cap } 句（为了不让一长串 `;` 占用几个 GB 的内存，程序在运行之前就拒绝）；请最多给 { $cap } 句，用 `;` 分隔
too-many-tokens = 这些句子一共有 { $tokens } 个词元，超过了一次运行最多接受的 { $cap } 个（程序在运行之前就拒绝）；请少给几句，或把句子写短些
budget-part-logits = logits 和概率（句数 × 目标句位置数 × 目标词表大小）
budget-part-attention-maps = 注意力图（句数 × 头数 × 位置数 × 位置数）
budget-part-vectors = 词元向量（句数 × 位置数 × 宽度）
budget-largest = 其中最大的部分是{ $part }：{ $tensors } 个张量，最大的一个有 { $shape } 个数 × 4 字节，合计 { $bytes }
over-memory-budget = 这次运行要在内存里保存 { $total }（运行中每个有名字的张量，而且是两份：运行本身，和旁边“如果……会怎样”的孪生运行），超过了本程序允许的 { $budget }；{ $largest }。程序在运行之前就拒绝了：请给短一些的句子或少几句，或者换一个小一些的模型
over-work-budget = 翻译时每生成一个位置都要重新运行一遍解码器，最多 { $steps } 个位置，一共要写 { $total }，超过了本程序允许的 { $budget }；每次运行中{ $largest }。程序在运行之前就拒绝了：请给短一些的句子，或者换一个词表或 max_len 小一些的模型

## src/strings/keys.rs

key-next = 下一页（引擎向前运行到这一页的操作）
key-prev = 上一页
key-first-last = 第一页 / 最后一页
key-step = 往下 / 往回走一个操作（看梯度时按反向传播的顺序，朝输入走）
key-head = 上一个 / 下一个注意力头；最后一个之后是各头的平均
key-row = 选查询行（或滚动当前文字）
key-batch = 批次中的下一句（句对）
key-columns = 左右滚动宽热图的列
key-answer = 回答这一页的问题（Enter 检查，Esc 关闭）
key-list = 课程列表（j/k 移动，Enter 打开）
key-sentence = 输入自己的句子，用它来运行这节课
key-cell = 单元格模式：用方向键选一个数，看它从哪里来
key-code = 代码：算出这个运算的 PyTorch 代码，带着这次运行的形状
key-temperature = 解码视图中：贪心解码，或以温度 0.5、1、2、5 采样
key-probe-view = 在注意力权重上：每个键真正加进输出的量（‖α·v·W_oʰ‖），再按一次是去掉这个头，再按回到权重
key-what-if = what-if：在旁边运行模型的下一个（上一个）变体
key-pane = 在窗格之间移动焦点
key-save-tensor = 把当前张量写入 .npy 文件
key-save-frame = 把当前画面写成纯文本
key-save-grid = 把视图里的网格（热力图、softmax、掩码、去头表、对齐表）写成 .csv 和 .svg
key-language = { $next_own }：换成{ $next }（再按 z：{ $after_own }）
key-glossary = 术语表：每个术语的{ $gloss }与{ $language }
key-help = 显示 / 隐藏这份帮助
key-quit = 退出（帮助打开时：关闭帮助）
help-title = {" "}按键{" "}
help-footer = {" "}鼠标滚轮或 PgUp/PgDn 滚动课文 · ? 或 Esc 关闭
help-op-key = 操作 N/M
help-op = 操作 0..M 中的 0..N 已运行（`transformer-tutor trace` 列出全部）
key-step-decode = 下一个 / 上一个解码步（解码视图中）
hint-beat = 翻页
hint-head = 头
hint-row = 行
hint-step = 解码步
hint-lessons = 课程
hint-help = 帮助
hint-quit = 退出
hint-answer = 作答
hint-type-answer = 输入答案
hint-type-sentence = 输入句子
hint-check = 检查
hint-run = 运行
hint-close = 关闭
hint-move = 移动
hint-open = 打开
hint-back = 返回
hint-cell = 单元格
hint-batch = 批次
hint-leave = 离开
glossary-title-2 = {" "}术语表{" "}
glossary-footer = {" "}T 或 Esc 关闭 · --glossary 可打印全部

## src/strings/learning.rs

backward-at-inputs = 反向传播到此为止：这一步之前的运算没有梯度
no-cells-in-summary = 这个视图按行汇总梯度；单元格模式推导的是网格里的一个数：按 ← 回到把梯度画成热力图的那几页
weight-cursor-on = 权重光标：←↑↓→ 选一个权重，看它的梯度、差分检验和 Adam 一步 · c 或 Esc 退出
what-if-no-gradients = what-if 只跑正向：这里没有它的损失和梯度可以对照
backward-at-loss = 反向传播就从这里开始，紧挨着损失
loss-title = 损失：每个目标位置的 −log p(标签)，对不是 <pad> 的标签取平均
loss-ignored = 忽略：标签是 <pad>
grad-flow-title = 到达每一层输入的梯度长度 ‖∂L/∂x‖（整个批次）
grad-flow-rule = 残差连接 x + F(x) 把梯度往回传两次：一次穿过 F，一次直接交给 x（∂/∂x = I + ∂F/∂x）。“只走子层”是同一次反向传播，但把每个残差的直通路径都剪掉，只剩 ∂F/∂x。
loss-row-sum = 批次中的第 { $row } 句：{ $labels } 个标签，Σ −log p = { $sum }
loss-mean = 损失 = { $sum } / { $count } = { $loss }
logits-gradient-rule = ∂L/∂logits = (probs − one-hot(标签)) / { $count }；标签是 <pad> 的那一行全是 0
logits-grad-row = `{ $row }` 这一行：标签是 `{ $label }`，p = { $p }，所以它的格子是 (p − 1)/N = ({ $p } − 1)/{ $n } = { $cell }，也是这一行唯一的负数；其余格子里最大的是 `{ $other }` 的 { $other_cell }；整行加起来是 { $sum }
logits-grad-settled-row = `{ $row }` 这一行：标签是 `{ $label }`，p 精确到三位小数是 { $p }，所以每个格子离 0 都不到 0.0001：这一行几乎没有什么可学的了
logits-grad-pad-row = `{ $row }` 这一行：标签是 <pad>，损失忽略它，所以{ $zero }
embed-grad-reads = 第 { $b } 行读的是  { $words }
embed-grad-title = ∂L/∂（{ $side }词嵌入表 ({ $rows }, { $d })）：这个批次给了梯度的行
embed-grad-zero-word = { $word } ×{ $positions }（到达它所在位置的梯度：{ $arriving }）
embed-grad-count = { $rows } 行里有 { $with } 行得到梯度；其余 { $rows_with } 行恰好是 0
embed-grad-count-tied = 通过查表，{ $rows } 行里有 { $with } 行得到梯度；输出线性层的权重就是这同一张表（共享权重），算上它的梯度，{ $rows } 行里有 { $all } 行得到梯度

## src/strings/lesson_pane.rs

# 课文里的 `{where view}` / `{where taught}`：这个窗格在屏幕上画在哪边
where-right = 右边
where-below = 下方
where-left = 左边
where-above = 上面
question = 问题
press-enter = 按 Enter 作答。
your-answer = 你的答案：
hint = 提示：
answer-was = 答案：
right-mark = ✓ 答对了：
right-before = ✓ 在另一次运行上答对了；这一次的答案是{" "}
list-title = {" "}课程列表 · 按笔记的思路顺序{" "}
list-done = 已完成
list-not-started = 未开始
file-kind-fifo = 一个 FIFO（命名管道）
file-kind-device = 一个设备
file-kind-socket = 一个套接字
file-kind-directory = 一个目录
file-kind-other = 不是文件
progress-no-free-name = 找不到可用的文件名来另存它
list-footer = Enter 打开课程：从第一个没看过的页开始，都看过则从第一个未完成的问题开始
lines = 行
no-lesson-files = 这个目录里没有 *.toml 课程文件
too-many-lesson-files = 这个目录里的 *.toml 课程文件超过了 { $cap } 个，这是一个课程目录最多能有的数量；一个文件也没有读
lessons-dir-too-large = 这些课程文件加起来超过了 { $cap } MB，这是一个课程目录最多能有的大小；读到这个文件时停了下来
lesson-file = 课程文件
progress-file = 进度文件
beat-title = {" "}第 { $beat }/{ $beats } 页 · { $title }{" "}
stepped-away = （已离开本页的操作 { $op }；按 → 或 ← 回到它）
tried = 你答过：{ $given_join }
list-in-progress = 已看 { $seen }/{ $beats }
progress-none-yet = 还没有保存的进度；进度将保存在 { $path }
progress-cannot-save = 无法把进度保存到 { $path }：{ $why }
progress-not-saved-at-exit = { $why }；本次学习新增的进度没有保存
progress-locked-by = 另一个进程（{ $name }，pid { $pid }）占着 { $dir } 的锁（已等 { $seconds } 秒）
progress-locked = 另一个进程占着 { $dir } 的锁（已等 { $seconds } 秒）
progress-not-reset = 无法重置 { $path } 中的进度：{ $why }；什么都没有改动
progress-kept-corrupt = 进度文件 { $path } 无法读取（{ $why }）；它已另存为 { $kept }，进度从头开始
progress-kept-newer = 进度文件 { $path } 是较新版本的 transformer-tutor 写的（格式 { $version }；本版本读 { $ours }）；它已另存为 { $kept }（改回原名后新版本仍能读取），进度从头开始
progress-blocked = 无法读取进度文件 { $path }（{ $why }）；文件保持原样，在能读取之前不会保存进度
progress-not-kept = 进度文件 { $path } 无法读取（{ $why }），也无法移到一旁（{ $error }）；文件保持原样，进度不会保存
progress-why-unreadable = 无法打开：{ $error }
progress-too-large-to-write = 它会有 { $size } 字节，超过进度文件最多能有的 { $kb } KB；原来的文件保持不变
progress-why-too-large = 它有 { $size } 字节，超过了进度文件的上限 { $kb } KB；没有读取
progress-why-not-utf8 = 不是 UTF-8 文本：偏移 { $at } 处的字节 0x{ $byte }
progress-why-not-regular = 它是{ $kind }，不是普通文件；没有读取
list-beats = { $n } 页
folded-lines = ⋯ { $n } 行（↑/↓）
more-below-scroll = { $more }（↑/↓）
progress-other-version = 它是第 { $version } 版，本程序读第 { $ours } 版
progress-newer-version = 它的格式版本是 { $version }，比本程序的 { $ours } 新
cannot-create = 无法创建 { $dir }：{ $e }
progress-cleared = 进度已清除：{ $path } 现在是空的
progress-lesson-cleared = 已在 { $path } 中清除课程 `{ $id }` 的进度；其他课程的进度保留
progress-nothing-to-clear = { $path } 中没有保存的进度；无需清除
progress-reset-set-aside = { $note }；用一个空的进度文件代替它
cannot-read-lessons-dir = 无法读取课程目录：{ $e }
duplicate-lesson-id = id `{ $id }` 重复：{ $other_file } 已经用了它；请给每课一个独立的 id
list-line =
    { $number }. { $id }{ $pad }  { $title } — { $summary }（{ $beats } 页）
    {""}

## src/strings/marian_model.rs

fmt = 模型目录

## src/strings/probe.rs

probe-view-not-on-gradient = C 探查的是正向传播的注意力权重；梯度上没有可探查的权重
probe-view-needs-weights = C 只用在注意力权重上（名字以 weights 结尾的操作）；用 . 和 , 走到那里
heads-heading =
    留出集 { $pairs } 个句对。完整模型：完全匹配 { $exact_pct }%（{ $exact } 句），损失 { $loss }。
    依次去掉每一个头（在 W_o 之前把它那一片 context 置 0），按下降多少排序：
heads-footer = { $total } 个头里有 { $harmless } 个去掉之后，完全匹配下降不到 1 个百分点。
probe-progress = 探查中：已跑完 { $done }/{ $total } 次（先整个模型，再每次去掉一个头）……
align-heading =
    留出集 { $pairs } 个句对。每个英文单词连到交叉注意力那一行（预测这个词的那一行）权重最大的汉字，
    再和 `corpus --tsv` 写出的标准对齐比较。AER 为 0% 表示完全对上；
    精确率算连到“确定”或“可能”对应字的比例，召回率算找到的“确定”连线的比例：
mean-of-heads-cell = 平均
alignment-title = 交叉注意力对照留出集 { $pairs } 个句对的标准对齐
align-footer =
    对得最准的单个头：{ $block } 的头 { $head }，AER { $aer }%。
    每个词只连一条线，最好也只能到 { $one_link_best }%：
    像“他们”“喜欢”这样的两字词有两条“确定”连线。
align-footer-pieces =
    对得最准的单个头：{ $block } 的头 { $head }，AER { $aer }%。
    每个词只连一条线，最好也只能到 { $one_link_best }%：标准对齐连的是字和词，
    这里每条线改连到包含那个字的片段上，所以一个词的几个字若落在两个片段里，
    它仍有两条“确定”连线。
wrote-csv = 已把 { $rows } 行写入 { $path }
ablation-title = { $head_block }（[ 和 ] 换头）
ablation-grid-title = 去掉 { $block } 的头 { $head }，以及只留它一个
ablation-cells = 位置 读入
ablation-translation = 译文
ablation-translation-2 = { $heading }，{ $label }：
lens-title = 位置 { $t }（读入 { $token }）的 logit lens：在每个子层之后直接接输出线性层
lens-after = { $layer } { $sub }之后
lens-forms = 从 { $op }（{ $after_op }）起，{ $word } 排到第一并一直保持
contributions-title = { $block }，头 { $head }，查询行 { $row }（{ $query }）：权重与每个键真正加进输出的量
contributions-columns = 键        权重 α                ‖α·v·W_oʰ‖              ‖v·W_oʰ‖
patching-title = 在某个编码器层之后，把 { $from } 的一个位置复制进 { $to }，再翻译
patching-base = 不修补：{ $a } → { $ta }   { $b } → { $tb }
patching-later = { $n ->
        [1] { $first } 要等引擎运行到那里（按 . 沿程序一步步往前走）时才修补
       *[other] { $first } 到 { $last } 要等引擎运行到那里（按 . 沿程序一步步往前走）时才修补
    }
patching-after = { $op } 之后

## src/strings/status.rs

last-op = 这已经是最后一个操作：probs
first-op = 这是第一个操作
no-head-axis = 这个张量没有头这一轴
decode-step-only = s / S 在解码视图中移动解码步
last-beat-of-all = 最后一课的最后一页：整个模型你都走过了。L 列出课程；q 退出
no-question = 这一页没有问题
already-answered = 已经答过了；→ 继续
empty-answer = 先输入答案（Esc 关闭输入行）
right = 答对了！
wrong-once = 还差一点：看看提示，再试一次
gave-up = 这次没答对；答案在文字里
empty-sentence = 空句子没有东西可运行；输入几个字（Esc 关闭）
kept-lesson-sentences-note = （这一页讲的是课程自己的句子，这里显示的就是它们；下一页不讲它们时，换回你的句子）
reordered-sentence-note = （这一页需要同一组词元的两种顺序：这里批次中的第 1 句是把第 0 句的词元倒过来；到了不需要这样的一页，就换回原来的句子）
own-sentences-note = （你的句子：屏幕上和文字里的每个数、每个词都来自它们；少数必须用课程自己句子的页面会说明）
sentences-run = 正在运行你的句子；文字随之改变
same-reversed-note = （这一页需要同一组词元的两种顺序，但你的第一句倒过来还是一样，所以这里显示课程自己的句子；到了不需要这样的一页，就换回你的句子）
sentences-set-lesson-runs = 已设好你的句子；这一页运行课程自己的句子，下一页不需要它们时换回你的
sentences-run-reordered = 正在运行你的第一句和它倒过来的词元；文字随之改变
sentences-set-same-reversed = 已设好你的句子；你的第一句倒过来还是一样，所以这一页运行课程自己的句子
your-sentence = 你的句子：
sentence-hint = Enter 运行（句子之间用 `;`），Ctrl-U 清空，Esc 关闭
right-by-position = 答对了！位置 { $n } 就是 { $token }
position-ambiguous = { $n } 从 0 数是 { $from_0 }，从 1 数是 { $from_1 }：指哪个？输入 `{ $n } ({ $from_0 })`、`{ $n_1 } ({ $from_1 })` 或者直接输入词元
sentence-refused = 没有运行：{ $why }
cannot-open = 打不开 `{ $id }`：{ $why }
status-place = {" "}{ $lesson } 第 { $beat }/{ $beats } 页 · 操作 { $op }/{ $last_op }{" "}
computing-in-background = 计算期间按键照常可用：可以先往下走，也可以等它在这里出现。
computing-view = 正在计算第 { $beat } 页的{ $view }视图…
computing-done = 已完成 { $percent }%
computing-failed = 这个视图没能算出来（内部错误）；导师的其余部分照常可用。
status-place-list = {" "}课程列表 · 第 { $at } 课，共 { $lessons } 课{" "}
and-svg = {" "}和 ./{ $path }
wrote = 已写入 ./{ $path }{ $what }
could-not-write = 无法写入 { $path }：{ $why }

## src/strings/suggest.rs

did-you-mean = ；你是不是想输入 { $of_quoted }？

## src/strings/train_screen.rs

hint-train-save = 停止并保存目前训练的权重
hint-train-interrupt = 停止，什么也不写
train-step-zero = 第 0 步
train-run-title = {" "}运行{" "}
train-step = 步数
train-loss = 损失
train-lr = 学习率
train-speed = 速度
train-elapsed = 已用时间
train-time-left = 剩余时间
train-grad-norm = 梯度范数
train-exact-match = 完全匹配
train-token-accuracy = 词元准确率
train-attention-title = {" "}交叉注意力{" "}
train-attention-pending = 正在计算 我有一只猫 → I have a cat 的注意力 …
train-nothing-yet = （还没有）
train-model-says-wide = 当前译文{"  "}
train-reference-says-wide = 参考译文{"  "}
train-attention-learns = 起初每一行对所有字符一视同仁；随着模型学习，写出 cat 的那一行会去读 猫。
train-model-says = 当前译文：
train-reference = 参考译文：
train-key-rows = 行：输入 → 下一个词
train-key-columns = 列：读取的字符
train-key-highlight = 高亮：每行最大值
train-loss-title = {" "}训练损失（每 { $every } 步的平均）{" "}
steps-per-sec = { $v } 步/秒
heldout-at = 留出集，第 { $step } 步时
heldout-every = 留出集（每 { $steps } 步）
train-parameters = { $count } 个参数
train-batch-seed = 批次 { $batch } 个句对，种子 { $seed }
train-attention-title-2 = {" "}{ $src } → { $reference } 的交叉注意力{" "}
train-attention-title-wide = {" "}{ $src } → { $reference } 的交叉注意力（dec.{ $layer }.cross_attn.weights，{ $heads } 个头的平均）{" "}
train-attention-how-to-read = 行：解码器的输入 → 它接着写出的词；列：它读取的字符；高亮：每行最大的权重。{ $last } 这一行什么也不写（训练从不要求它写）。
train-too-small =
    终端现在是 { $width }x{ $height }。
    请把终端放大到至少 { $min_width }x{ $min_height } 来观看训练。
    { $progress }
    { $footer }
train-finishing = 正在评估留出的句对并写入 { $out } …
train-finished = 完成；已写入 { $out }。按任意键关闭
stopped-by-signal-number = 信号 { $n }
and-more = {" "}等另外 { $n } 个
fine-tune-lacks-tokens = 无法微调 { $label }：它的词表缺少语料中的 { $missing } 个词元（{ $shown }{ $more }）；`train --weights` 需要词表涵盖整个语料的模型（`transformer-tutor corpus` 会列出这些词元）
cannot-score-too-long = { $command } 无法给这个模型打分：它的 max_len 是 { $max_len }，但留出的句对中最长的句子要占 { $longest } 个位置
fine-tune-too-long = 无法微调 { $label }：它的 max_len 是 { $max_len }，但语料中最长的句子要占 { $longest } 个位置
train-start = { $what }：{ $params } 个参数，{ $steps } 步，每步 { $batch } 个句对，种子 { $seed }
train-progress = 第 { $step }/{ $steps } 步  损失 { $mean }  lr { $lr }  { $rate } 步/秒  已用 { $elapsed }s，剩余 { $left }s
train-diverged = 训练发散了：第 { $step } 步之后 { $what } 不再是有限的数；什么也没有写，{ $out } 保持原样（是不是某个权重大到无法计算？试试随附的权重，或者从头训练）
loss-value = 损失（{ $loss }）
cannot-score-overflow = 这个模型无法在语料上评分：{ $why }

## src/strings/translate.rs

translate-greedy = 每个词及其概率：
translate-no-pattern = 这个句子不属于训练语料中的任何句型
translate-needs-model = --beams 需要 --model DIR（一个加载的翻译模型）
translate-sampled = 按温度 { $temperature } 采样，种子 { $seed }：
translate-outside-corpus = { $reason }；模型只认识这份语料：{ $characters } 个源语言字符、{ $patterns } 种句型（`transformer-tutor corpus` 会列出它们），所以这个翻译只是猜测
translate-timings = 加载 { $ms_load }，编码 { $ms_encode }，解码 { $ms_decode }{ $tokens ->
        [0] （没有生成片段）
        [1] （1 个片段）：这唯一的片段 { $ms_first }（它还要为每个交叉注意力算出源句的键和值）
       *[other] （{ $tokens } 个片段，每秒 { $rate } 个）：第一个片段 { $ms_first }（它还要为每个交叉注意力算出源句的键和值），之后每个片段 { $ms_each }
    }

## src/strings/views.rs

no-keys-hidden = 无
tokens-label = 词元
sizes-heading = vocab_size：已知词元数 · max_len：句子的最大长度
pipeline-heading = 前向计算，笔记 001 §1（✓ 已算 · ▶ 当前 · 未算）
stage-embed = 每个 id 取表中一行
stage-x = X = 词嵌入 + PE
stage-x-scaled = X = 词嵌入·√d + PE
stage-tgt-mask = 填充 AND 因果
stage-tgt-mask-causal = 因果；目标句没有填充掩码
stage-memory = 编码矩阵 C，供交叉注意力读取
stage-logits = Linear 映射到词表
stage-probs = softmax：下一个词的概率
params-heading = 每个模块的参数（PyTorch 名称），按载入的权重统计
total = 合计
params-same-table = { $name } 就是 { $first }，同一张表只算一次
rnn-formula = RNN：h_t = tanh(W_x·x_t + W_h·h_{"{"}t−1{"}"})，每个词元一步
rnn-table-heading = ‖∂h_T/∂h_{"{"}T−k{"}"}‖：h_{"{"}T−k{"}"} 还能影响 h_T 多少
rnn-log-scale = 条形：1e-6（空）… 1e2（满）
token = 词元
widths-heading = 宽度：查询和键用 d_k，值用 d_v
widths-note = 笔记 002 允许 q 和 k 比 v 窄（qk_dim）：只有 context 的宽度跟着 v
decoder-reads = 解码器读入：
chosen = 接上：
answer-first = …（先回答）
fact-not-in-sentences = （这些句子里没有）
decoding-ends = {"  "}（解码到此结束）
decoding-had-ended = （解码已经结束）
# Under the decode view's whole translation when the screens stopped it before the model's max_length.
decoding-stopped-short = （还没有写出 </s>：屏幕上的解码只到 { $limit } 个位置；`translate` 会一直解码到第 { $max } 个位置）
embed-unscaled = 保持原样（不缩放）
token-unit-character = 字
token-unit-characters = 字
token-unit-word = 词
token-unit-words = 词
token-unit-piece = 子词片段
token-unit-pieces = 子词片段
row-label = 第{ $b }句
ids-row = {"    "}{ $stage }，批次中的第 { $b } 句：{ $ids }
stage-src-ids = 源句 id，<pad> = { $pad }
stage-tgt-ids = 目标句 id，从 { $start } 开始
stage-encoder = 编码器第 { $layer } 层（0–{ $last }）
stage-decoder = 解码器第 { $layer } 层（0–{ $last }），读取 C
rnn-sentence = 在 { $sentence } 上：T = { $t }，x_t = src.x 的第 t 行（宽 { $d }），W_h = gain × 随机正交矩阵
rnn-path = RNN：       { $first } 经过 { $steps } 步才到达 { $last }，要乘 { $steps } 次 W_h
attention-path = 注意力：    { $last } 一步就读到 { $first }，权重 { $weight }（enc.0，各头平均）
gain-label = 增益 { $gain }
rnn-bars-heading = 从 { $first } 到 { $last }，‖∂h_T/∂h_1‖（对数刻度）
norm-compare-heading = { $name } { $shape } 的三种归一化（x̂，乘 γ 加 β 之前）
norm-compare-axes = 层归一化：每个词元在它的 { $d } 个特征上 · 批归一化：每个特征在 { $b }×{ $t } 个位置上
bn-pad-note = 批归一化的平均值里含 <pad> 位置：{ $positions } 个中有 { $pads } 个
bn-shift-note = 去掉它们，特征 { $feature } 的均值就从 { $with_pad } 变成 { $without }（{ $shift }）：结果取决于同批的其他句子
fused-heading = 笔记 003 的合并投影：W_qkv = [W_q; W_k; W_v]，({ $rows }, { $d })
fused-product = { $x } { $x_shape } · W_qkvᵀ + b_qkv  →  { $out }，一次乘法代替三次
fused-columns = 第 { $from }–{ $to } 列
max-diff = 最大差值 { $diff }
scores-widths = scores  = q { $q } · kᵀ (k { $k })  →  { $scores }：d_k = { $dk } 在求和中消掉
context-widths = context = weights { $weights } · v { $v }  →  { $context }：每个头的宽度是 d_v = { $dv }
next-word-heading = 下一个词，取自位置 { $position }（{ $word }）：最可能的五个
cross-heading = 位置 { $position }（{ $word }）在源句中看向哪里：dec.{ $layer }.cross_attn，各头平均
embed-scaled = 先乘以 √d_model = √{ $d_model }

## src/strings/what_if.rs

what-if-off = what-if 已关闭：按所教的原模型
as-taught = 原模型
what-if = what-if
what-if-trace = what-if：
no-nan = 哪里都没有 NaN：这里没有哪一行查询被完全遮住
drift-std = 逐词元标准差
drift-std-taught = 原模型
drift-std-variant = 变体
trained-not-dialed = 训练刻度盘上没有选中检查点，两边会是同一个模型：把训练时间往回拨（界面上按 -，命令行用 --at-step N），这个 what-if 就会把训练好的模型放在那一步旁边
untrained-is-the-dial = 训练刻度盘在第 0 步，也就是训练开始的地方：屏幕上的模型本身就是未训练的，两边会是同一个模型；把训练时间往后拨（按 +），这个 what-if 就会把第 0 步放在那一步旁边
trained-not-shipped = 这次会话用的模型不是随附训练跑到最后得到的那个（--random-weights 或 --weights），所以没有这次训练的成品可以放在检查点旁边
at-dial-step = 第 { $step } 步
what-if-on = what-if：{ $title }（v：下一个，V：上一个）
what-if-pane-title = {" "}what-if：{ $title_v } · v/V{" "}
forked-at = 在操作 { $kept } `{ $first }` 处分叉：之前的 { $kept } 个张量保留，{ $recomputed } 个重新计算
cannot-run = 这个变体无法运行：{ $message }
before-the-fork = `{ $name }` 在操作 { $kept } 的分叉点之前：变体保留的正是这个张量（按 . 前进到两者不同的地方）
forked-nowhere = 没有分叉：在这个模型上，变体的程序和所教的模型完全一样，{ $kept } 个张量全部保留
same-program = `{ $name }` 就是所教模型自己的张量：在这个模型上，变体没有改动任何操作
variant-has-no-op = 这个变体没有 `{ $name }`
hidden-weight = { $name }：每行落在原掩码遮住的键上的权重 { $taught } → { $variant }
nan-spread = NaN 最早出现在 { $first }（{ $first_len } 个中有 { $first_nan } 个）；{ $ops } 个操作含 NaN；probs：{ $probs_len } 个中有 { $probs_nan } 个 NaN
source-blind = 每个源语言词元 → <unk>：probs 在这里最多变化 { $variant }，原模型中是 { $taught }
pad-rows-only = dec.0.self_attn.weights：真实查询行相差 { $real }，<pad> 查询行相差 { $pad }
qk-widths = { $block }：q、k { $q } → { $q_2 }，缩放 1/√{ $dk } → 1/√{ $dk_2 }；分数 { $scores } → { $scores_2 }；上下文 { $context } → { $context_2 }
other-weights = 同样的程序和句子，换上训练开始时的权重（随机，种子 { $seed }：随附训练的第 0 步）；全部 { $computed } 个张量重新计算
trained-beside = 同样的程序和句子，换上训练好的权重，与刻度盘上训练 { $step } 步的模型并排；全部 { $computed } 个张量重新计算
trained-is-the-checkpoint = 第 { $step } 步就是训练的终点：这个检查点就是训练好的模型，两边完全相同；再按 - 往回拨才有得比
attention-trained = { $name }：各行最大值的均值 { $a } → { $b }，熵 { $a_2 } → { $b_2 } nats（训练好的模型{ $verdict }）

## src/strings/what_if_weights.rs

what-if-untrained-with-random = 随机权重本身就是未训练的模型，--what-if untrained（随附训练的第 0 步）只会把一个未训练的模型放在另一个旁边；请在训练好的模型上用它，不加 --random-weights 或 --preset
what-if-untrained-at-zero = --at-step 0 显示的已经是未训练的模型，--what-if untrained 会把它放在它自己旁边；请去掉 --at-step，或选更晚的一步
what-if-trained-needs-step = --what-if trained 把训练好的模型放在它训练中较早的检查点旁边；不加 --at-step，两边都是训练好的模型。请加上 --at-step { $steps }
what-if-trained-at-end = --at-step { $last } 就是训练结束的那一步，--what-if trained 会把训练好的模型放在它自己旁边；请选更早的一步（{ $steps }）
what-if-untrained-with-preset = --preset { $preset } 没有训练好的权重，从随机权重开始，本身就是未训练的模型，--what-if untrained 只会把一个未训练的模型放在另一个旁边；请在 tutor 预设的训练好的模型上用它

## src/strings/files.rs

read-kind-a-fifo-named-pipe = 命名管道（FIFO）
read-kind-a-device = 设备
read-kind-a-socket = 套接字
read-kind-a-directory = 文件夹
read-kind-not-a-file = 特殊文件
write-kind-a-directory = 文件夹
write-kind-a-pipe-fifo = 管道（FIFO）
write-kind-a-device = 设备
write-kind-a-socket = 套接字
write-kind-a-special-file = 特殊文件

## src/strings/ideas.rs

idea-names-why-attention = 为什么需要注意力
idea-names-the-workflow = 整体流程
idea-names-tokens = 分词与 id
idea-names-token-embedding = 词嵌入
idea-names-positional-encoding = 位置编码
idea-names-self-attention = 自注意力
idea-names-multi-head-attention = 多头注意力
idea-names-masks = 掩码
idea-names-add-norm = 残差连接与层归一化
idea-names-the-feed-forward-network = 前馈网络
idea-names-the-encoder = 编码器
idea-names-the-decoder = 解码器
idea-names-the-output = 输出层
idea-names-the-whole-model = 整个模型

## src/strings/keys.rs

terms-terms = 个术语

## src/strings/marian_files.rs

purpose-the-sentencepiece-model-that = 把源语言句子切成词块的 SentencePiece 模型
purpose-the-sentencepiece-model-of = 译文语言的 SentencePiece 模型
purpose-the-list-of-every = 列出每个词块在模型训练时所用编号的词表
purpose-the-tokenizer-s-settings = 分词器的设置

## src/strings/probe.rs

alignment-how-word-the-character-weighted = 英文单词 → 它那一行（预测它的那一行）权重最大的源语言词元
best-in-layer-best-head-in-layer = ← 本层最准的单头
patching-needs-two-patching-needs-two-source = 修补需要两个源句（e：他有一只猫 ; 你有一只猫）

## src/strings/status.rs

no-grid-this-view-has-no = 这个视图没有可写出的网格：X 只写热力图、softmax、掩码、去头表和对齐表

## src/strings/views.rs

norm-compare-columns-before-mean-std = 之前 均值/标准差
norm-compare-columns-layernorm = 层归一化
norm-compare-columns-batchnorm = 批归一化
activation-name-relu = ReLU
activation-name-silu-swish = SiLU（swish）
activation-name-gelu = GELU（高斯误差线性单元）
output-weights-the-target-embedding-table = 目标词嵌入表本身的转置（共享同一份权重，不是副本）
output-weights-a-matrix-of-its = 一个独立的矩阵，与词嵌入表分开学习

## src/strings/weights_file.rs

size-said-the-source-vocabulary = 源语言词表
size-said-the-target-vocabulary = 目标语言词表
read-from-the-columns-of-src = `src_embed.weight` 的列数
read-from-the-rows-of-encoder = `encoder.layers.0.ffn.linear1.weight` 的行数
read-from-the-rows-of-src = `src_embed.weight` 的行数
read-from-the-rows-of-tgt = `tgt_embed.weight` 的行数

## src/strings/grids.rs (part 2)

axis-source-token = 源词元
axis-target-token = 目标词元
axis-feature = 特征
axis-vocabulary-word = 词表中的词
axis-position = 位置
axis-head = 头
axis-broadcast = （广播）
more-below = … 下面还有 { $below } { $what }
more-above = … 上面还有 { $above } { $what }
more-above-and-below = … 上面还有 { $above } { $what }，下面还有 { $below } { $what }
rows-count = { $n } 行
more-columns = … 还有 { $n } 列
ln-col-sublayer =
    子层(x)
    子层
ln-col-sum =
    x+子层(x)
    x+子层

## src/strings/probe.rs (part 2)

heads-column-rank = 名次
heads-column-block = 注意力块
heads-column-head = 头
heads-column-exact-match = 完全匹配
heads-column-drop = 下降
heads-column-loss = 损失
heads-column-rise = 上升
align-column-block = 注意力块
align-column-head = 头
align-column-aer = AER
align-column-precision = 精确率
align-column-recall = 召回率
ablation-whole-model = 完整模型
ablation-head-out = 去掉头 { $head }
ablation-head-alone = 只留头 { $head }
ablation-held-out-title = 在 { $pairs } 个留出句对上：
ablation-held-out-exact-match = 完全匹配
ablation-held-out-loss = 损失
lens-sublayer-self-attention = 自注意力
lens-sublayer-cross-attention = 交叉注意力
lens-sublayer-feed-forward = 前馈网络
contributions-summary-same = “{ $top_weight }”权重最大，加进输出的也最多
contributions-summary-differ = “{ $top_weight }”权重最大，但加进输出最多的是“{ $top_norm }”

## src/strings/derive.rs (part 2)

derive-pad-flag-is-pad = { $side }_ids[{ $position }] = { $id }，是 <pad>：0
derive-pad-flag-not-pad = { $side }_ids[{ $position }] = { $id }，不是 <pad>：1
derive-causal-visible = 查询 { $query }，键 { $key }：键 ≤ 查询：1（可见）
derive-causal-hidden = 查询 { $query }，键 { $key }：键 > 查询，是未来：0（遮住）
derive-mask-multiplied = 分数 { $score } × { $mask } { $m } = { $v }
derive-mask-replaced = { $mask } 在这里是 0：分数 { $score } 被换成 { $v }
derive-mask-passes = { $mask } 在这里是 1：分数 { $score } 原样通过
derive-softmax-cell = { $input } 的这个单元格是 { $x }；它所在行的最大值是 { $max }
derive-softmax-sum = 这一行 { $n } 个单元格的 exp(x − max) 之和 Σ = { $sum }
derive-head-kept = 头 { $head } 保留：取 { $input } 的值
derive-head-removed = 头 { $head } 被去掉：用 0 代替 { $input }
decoding-greedy = 解码：贪心解码，每步取最可能的词
decoding-sampled = 解码：从 softmax(logits / { $t }) 采样，种子 0（t：下一个）

## src/strings/views.rs (part 2)

tokenised-by-character = 按字符
tokenised-by-word = 按词
tokenised-by-pieces = 按 SentencePiece 子词片段
tokens-view-heading = { $side } · { $how }切分词元 · 每行用 <pad> = { $pad } 补齐
kv-heading = { $source } 的贪心解码与键值缓存（时间为现场测量）
kv-step = 步
kv-reads = 读入
kv-keys = 缓存的键 (B, H, t, d_k)
kv-with = 用缓存
kv-without = 不用缓存
kv-once = 在第 0 步之前只算一次：编码器，以及每一层交叉注意力的键和值
kv-query-heading = 第 { $step } 步的一行查询对缓存的键，解码器第 0 层，各头平均
decode-heading-greedy = { $source } 的贪心解码：第 { $step } 步（0–{ $last }）
decode-heading-sampled = { $source } 的采样解码：第 { $step } 步（0–{ $last }）
position-layout-interleaved = 交错排列：偶数列是 sin，奇数列是 cos
position-layout-halves = 分成两半：前 { $sin } 列是 sin，后 { $cos } 列是 cos
vocabulary-shared-pieces = 两种语言共用的一套词表，{ $tgt } 个子词片段，▁ 标出一个词的开头
vocabulary-shared = 两侧共用的一套词表，{ $tgt } 个词元
vocabulary-separate = 两套词表，源语言 { $src } 个词元，目标语言 { $tgt } 个词元

## src/strings/learning.rs (part 2)

gradient-legend-plain = 每个数是 ∂L/∂（这一格）：这一格变化 1，损失变化多少
gradient-legend-scaled = 每个数乘以 1e{ $e } 才是 ∂L/∂（这一格）：这一格变化 1，损失变化多少
loss-column-position = 位置
loss-column-reads = 输入
loss-column-label = 标签
loss-column-p-label = p(标签)
logits-grad-pad-all-zero = 每个格子都是 0
logits-grad-pad-not-all-zero = 却有格子不是 0
grad-flow-column-layer = 层
grad-flow-column-input = 它的输入
grad-flow-column-all-paths = 全部路径
grad-flow-column-sublayers = 只走子层
embed-grad-column-id = id
embed-grad-column-word = 词
embed-grad-column-positions = 出现次数
embed-grad-zero-words = 批次里读到了、梯度却恰好是 0：{ $words }
embed-grad-zero-words-tied = 批次里读到了、通过查表得到的梯度却恰好是 0：{ $words }
embed-grad-zero-separator = ；
adam-step-title-cursor = { $param }{ $at } 走一步：光标所在的权重（←↑↓→ 移动光标）
adam-step-title-chosen = { $param }{ $at } 走一步：你选的权重（按 c 换一个）
adam-step-title-largest = { $param }{ $at } 走一步：它是 { $param } 里 |∂L/∂w| 最大的权重（按 c 换一个）
adam-step-gradient-heading = 梯度从哪里来
adam-step-backward = {"  "}反向传播   ∂L/∂w = { $grad }
adam-step-finite-difference = {"  "}有限差分   (L(w+h) − L(w−h)) / 2h，h = { $h }，前向传播用 float64 重算
adam-step-finite-difference-f32 = {"  "}有限差分   (L(w+h) − L(w−h)) / 2h，h = { $h }，用模型自己的 float32 前向传播
adam-step-estimate = {"             "}({ $plus } − { $minus }) / (2·{ $h }) = { $estimate }
adam-step-adam-heading = Adam 的第一步（β1 = 0.9，β2 = 0.98，m 和 v 从 0 开始）
adam-step-not-clipped = {"  "}g = ∂L/∂w（整个梯度长度不超过 1：没有裁剪）
adam-step-clipped = {"  "}g = ∂L/∂w × { $clip }（整个梯度被裁剪到长度 1）
adam-step-step = {"  "}步长 = lr·m̂ / (√v̂ + ε) = { $lr } × { $m_hat } / (√{ $v_hat } + { $eps }) = { $step }
adam-step-weight = {"  "}w：{ $before } → { $after }
adam-step-loss-heading = 所有权重各走一步；这个批次上的损失：{ $loss_before } → { $loss_after }
# `{sentence-count …}`：中文只写数，量词和名词写在课文里
count-sentences = { $n }
count-sentence-pairs = { $n }
count-rows = { $n }
loss-direction-rises = 上升
loss-direction-falls = 下降
loss-direction-unchanged = 不变
loss-direction-not-finite = 不是有限的数
adam-step-loss-not-finite = 损失不是有限的数，没法比较：权重已经溢出了。
adam-step-loss-rose = 损失反而升高了：这第一步让每个权重都挪动约 lr，不管损失在不在乎它，这么多挪动加在一起就走过了头。预热让最初几步走得很小，正是为了这个。
adam-step-loss-fell = 损失降低了：每个权重都逆着自己的梯度挪了一点，这个批次上的损失随之下降。
adam-step-loss-unchanged = 保留三位小数看不出变化：这一步太小，在这里显示不出来。

## src/strings/train_screen.rs (part 2)

training-continues-with-loss = 训练继续：第 { $step } / { $total } 步，损失 { $loss }。
training-continues = 训练继续：第 { $step } / { $total } 步。
train-stopped-file-kept = 在第 { $step } 步（共 { $total } 步）后被 { $by } 停止；什么也没写：{ $out } 保持原样
train-stopped-file-not-created = 在第 { $step } 步（共 { $total } 步）后被 { $by } 停止；什么也没写：{ $out } 没有被创建
vocabulary-lacks-source-characters = 它的源语言词表缺少语料中的 { $count } 个字符（{ $shown }{ $more }）
vocabulary-lacks-target-words = 它的目标语言词表缺少语料中的 { $count } 个词（{ $shown }{ $more }）
cannot-score-lacks = 这个模型无法在语料上评分：{ $lacks }；`{ $command }` 需要带有语料词表的模型（就像 `train` 写出的那样）
cannot-score-separator = ；并且
eval-split-held-out = 留出集
eval-split-training = 训练集
eval-line = { $split }：{ $pairs } 个句对，完全匹配 { $exact_pct }%（{ $exact }），词元准确率 { $token_pct }%
training-what-fine-tuning = 微调 { $from }
training-what-tutor-model = 训练教学模型
train-done-fine-tuned = 已微调 { $from }
train-done-trained = 已训练
train-done-stopped-early = （提前停止）
train-done = { $what } { $step }/{ $steps } 步，用时 { $secs }s{ $stopped }；留出集完全匹配 { $exact_pct }%，词元准确率 { $token_pct }%；已写入 { $out }

## src/strings/what_if.rs (part 2)

variant-title-no-scale = 去掉 1/√d_k：scores = q·kᵀ 不缩放
variant-title-no-causal-mask = 解码器里没有因果掩码
variant-title-minus-infinity = 用 -inf 代替 -1e9，并用笔记 000 的 q & k 填充掩码
variant-title-mask-off = 完全不用掩码
variant-title-multiplied-mask = scores × mask，照笔记 001 §5.1 的写法
variant-title-pre-ln = pre-LN：x + sublayer(LayerNorm(x))，权重不变
variant-title-no-norm = 去掉层归一化
variant-title-no-residual = 去掉残差连接
variant-title-dropped-norm = 笔记 000：编码器的第一个 Add & Norm 被丢掉
variant-title-decoder-without-cross = 笔记 000：解码器层用 EncoderLayer 搭建
variant-title-repeat-len-k = 笔记 000：k 的掩码重复了 len_k 次，而不是 len_q 次
variant-title-ffn-residual-before-cross = 笔记 004：FFN 的残差取自交叉注意力之前
variant-title-tgt-mask-no-padding = 笔记 002：目标句掩码缺少填充部分
variant-title-half-qk = 笔记 002 的 qk_dim：q、k 窄一半，v 不变
variant-title-eps-1e-10 = 笔记 000：LayerNorm 的 eps = 1e-10
variant-title-forward-in-init = 笔记 000：forward 被缩进到 __init__ 里
variant-title-untrained = 未训练的模型（训练第 0 步）
variant-title-trained = 训练好的模型，与刻度盘上的那一步并排
variant-label = what-if：{ $title }
variant-label-trained = what-if：训练好的模型
no-scale-sharpness = { $name }：各行最大值的均值 { $a } → { $b }，熵 { $a_2 } → { $b_2 } nats（去掉 1/√d_k 后{ $verdict }）
no-scale-sharper = 更尖锐
no-scale-not-sharper = 并没有更尖锐
untrained-flatness = { $name }：各行最大值的均值 { $a } → { $b }，熵 { $a_2 } → { $b_2 } nats（未训练：{ $verdict }）
untrained-flatter = 更平均，还没学会该看哪里
untrained-not-flatter = 并没有更平均
trained-sharper = 更集中，训练教会了它往哪里看
trained-flatter = 更分散
trained-about-as-sharp = 集中程度差不多
predictions-all-same = 预测：{ $total } 个全部相同
predictions-changed = { $total } 个预测中有 { $changed } 个改变：{ $shown }{ $more }
prediction-change = 批次中的第 { $row } 句位置 { $pos } { $from } → { $to }
predictions-separator = ，
predictions-and-more = ，…
max-difference = { $name }：最大差值 { $d }

## src/strings/lesson_pane.rs (part 2)

prose-more-below = {" "}↓ 还有：PgDn（或 Tab 到此后按 ↓）{" "}
prose-more-below-focused = {" "}↓ 还有：↓ 或 PgDn{" "}
prose-more-above = {" "}↑ 上面还有：PgUp{" "}
prose-more-above-focused = {" "}↑ 上面还有：↑ 或 PgUp{" "}
prose-more-both = {" "}↑↓ 还有：PgUp / PgDn{" "}
prose-more-both-focused = {" "}↑↓ 还有：↑/↓ 或 PgUp/PgDn{" "}
list-questions = 问题 { $answered }/{ $questions }
progress-reset-meanwhile-all = 教程运行期间，进度被重置了（--reset-progress）：只保留你此后做的部分
progress-reset-meanwhile-lessons = 教程运行期间，{ $lessons } 的进度被重置了（--reset-progress）：只保留你此后做的部分
progress-lessons-separator = 、
progress-lesson-nothing-to-clear-none = { $path } 中没有课程 `{ $id }` 的进度（任何课程都没有）；无需清除
progress-lesson-nothing-to-clear-others = { $path } 中没有课程 `{ $id }` 的进度；无需清除（已保存进度的课程：{ $saved }）
no-lesson-listed = 没有课程 `{ $id }`；现有课程：{ $ids }（见 --list）
no-lesson-near = 没有课程 `{ $id }`{ $did_you_mean }
lesson-ids-separator = {", "}

## src/strings/derive_gradient.rs (part 2)

grad-path-shared = 经 { $consumer }（{ $kind }）传回的那一路：
grad-path-shared-straight = 经 { $consumer }（{ $kind }）传回的那一路，也就是残差连接的直通路：
grad-path-only = 只有 { $consumer }（{ $kind }）读取它，梯度全部由此传回：
grad-path-only-straight = 只有 { $consumer }（{ $kind }）读取它，梯度全部由此传回，也就是残差连接的直通路：

## src/strings/status.rs (part 2)

next-lesson-finished = `{ $left }` 学完了；进入 `{ $next }`
next-lesson-unfinished = 进入 `{ $next }`；`{ $left }` 还没学完（L 看还剩什么）

## src/strings/dial.rs (part 2)

dial-loss = 批次损失 { $loss }
dial-no-step-yet = 还没训练

## src/strings/ideas.rs (part 2)

lesson-ideas = 对应笔记中的第 { $numbers } 个要点：{ $names }
ideas-numbers-separator = 、
ideas-numbers-last-separator = 、
ideas-names-separator = 、

## src/strings/glossary.rs (part 2)

language-called = { $code ->
    [en] 英文
    [zh] 中文
   *[other] { $own }
}
language-choice = { $code }（{ $name }）
glossary-column-note = 笔记
glossary-column-lesson = 课
glossary-column-code = 代码
glossary-code-elsewhere = 这次运行没有 { $kind } 运算：打开有这个运算的课，在那里按 p 就能看到它的代码

## src/strings/keys.rs (part 2)

language-now = 中文：所有画面和课文都换成中文（z：{ $next }）

## src/strings/frame.rs (part 2)

view-name =
    { $view ->
        [heatmap] 热力图
        [mask] 掩码图
        [softmax] softmax 各行
        [layernorm] 残差与层归一化
        [vector] 向量
        [top-words] 最可能的词
        [tokens] 分词与编号
        [pipeline] 流水线
        [params] 参数量
        [rnn] RNN 对照
        [norm-compare] 层归一化与批归一化
        [fused-qkv] 融合的 QKV
        [decode] 逐步解码
        [kv-cache] 键值缓存
        [loss] 损失
        [grad-flow] 梯度流
        [embed-grad] 词嵌入表的梯度
        [adam-step] Adam 一步
        [ablation] 去掉一个头
        [logit-lens] logit lens
        [contributions] 各键的贡献
        [patching] 激活修补
        [alignment] 对齐
        [activations] 三种激活函数
        [pe-table] 整张位置编码表
        [dropout] dropout 的位置
       *[other] { $view }
    }
tensor-title-named = {" "}{ $name } { $shape } · { $view }{" "}
shape-scalar = (标量)
## src/strings/suggest.rs (part 2)

list-separator = 、
one-of = { $rest } 或 { $last }

## src/strings/bilingual.rs (part 2)

facts-list-nothing = 无
facts-differ-by-language = 与英文引用的事实不同：英文有而{ $language }没有的是 { $only_en }，{ $language }有而英文没有的是 { $only_translation }；两种语言应引用运行中的同一组事实 { $see }
numbers-differ-by-language-list = 缺少英文里写出的数 { $dropped }；英文写出的数，{ $language }也要写出来 { $see }

## src/strings/clap_errors.rs (part 2)

clap-unknown-argument = 不认识的参数 { $arg }{ $did_you_mean }
clap-no-subcommand = 没有子命令 { $subcommand }{ $did_you_mean }
clap-value-not-accepted = { $arg } 不接受 { $value }；可以用 { $valid }{ $did_you_mean }
clap-value-needed-of = { $arg } 需要一个值：{ $valid }
clap-value-needed = { $arg } 需要一个值
clap-number-too-large = 这个数太大了
clap-number-too-small = 这个数太小了
clap-not-a-whole-number = 这里要写一个整数
clap-not-a-number = 这里要写一个数
clap-value-empty = 不能是空的
clap-value-not-wanted = 不是这里要的值
clap-value-refused = { $arg } 的值 { $value } 不行：{ $reason }
clap-missing-argument = 缺少必需的参数 { $arg }
clap-usage = 用法：{ $usage }
clap-argument-once = { $arg } 只能给一次
clap-argument-conflict = { $arg } 不能和 { $prior } 一起用
clap-wrong-number-of-values = { $arg } 后面的值的个数不对
clap-not-written-so = { $arg } 的写法不对

## src/strings/files.rs (part 2)

file-cannot-open = 无法打开{ $what } { $path }：{ $reason }
file-refused = { $what } { $path }：{ $reason }
read-not-regular = 它是{ $kind }，不是普通文件；没有读取
read-too-large = 它有 { $size } 字节，超过本程序读取的上限 { $limit }；没有读取
read-cannot-open = 无法打开：{ $reason }
read-cannot-read = 无法读取：{ $reason }
read-not-utf8 = 它不是 UTF-8 文本（{ $reason }）
write-subject-it = 它
write-subject-target = 它指向的 { $target }
write-not-regular = { $subject }是{ $kind }，不是普通文件；什么也没写入
write-read-only = { $subject }是只读的，保持原样没有改动（改成可写才能替换它）
write-no-new-files = 文件夹 { $dir } 不接受新建文件
write-no-folder = 没有文件夹 { $dir }
write-cannot-create = 无法在 { $dir } 中创建文件：{ $reason }
write-failed-old-kept = { $reason }（什么也没写入：原来的文件保持原样）
write-failed-none-created = { $reason }（什么也没写入：没有创建文件）
write-symlink-loop = { $path }：符号链接的层数太多

## src/strings/input.rs (part 2)

unknown-word-became-unk = { $side }第 { $row } 句第 { $position } 个词：`{ $word }` 不在词表中，已变成 <unk>
unknown-character-became-unk = { $side }第 { $row } 句第 { $position } 个字符：`{ $word }` 不在词表中，已变成 <unk>
which-row-of-rows = 你输入的 { $rows } 句中的第 { $row } 句
which-row-alone-the-sentence = 这个句子
which-row-alone-it = 它
only-padding-give-a-word = 请至少写一个词
only-padding-give-an-id = 请至少给一个不是 { $pad }（<pad>）的 id
target-begin-with-a-word = 请以一个词开头（模型的目标句都以 <bos> 开头）
target-begin-with-an-id = 请以一个不是 0 的 id 开头（模型的目标句都以 <bos> 开头，它的 id 是 { $bos }）

## src/strings/translate.rs (part 2)

translate-unknown-characters = { $list } 不在训练语料中（已变成 <unk>）
pattern-counting = 数量（我有一只猫）
pattern-possessive-object = 领属宾语（我喜欢你的猫）
pattern-negation = 否定（我没有狗）
pattern-question = 疑问（你有猫吗）
pattern-time-word = 时间词（我明天去学校）
pattern-place-of-an-action = 动作的地点（我在家吃鱼）
pattern-where-a-thing-is = 东西在哪儿（猫在桌子上）
pattern-adjective = 形容词（猫很小）
pattern-chasing = 追（猫追老鼠）
pattern-noun-phrase = 名词短语（两只猫）
translate-search-greedy = 贪心搜索；每个片段及其概率：
translate-search-beams = 束搜索，{ $beams } 束；每个片段及其在那一步的概率：

## src/strings/marian_model.rs (part 2)

marian-config-missing-config-json = 模型目录里没有 config.json，它给出模型的尺寸（d_model、层数、头数、词表）；请下载整个目录
marian-config-missing-file = 模型目录里没有 { $file }
marian-config-unread = 无法读取 { $file }：{ $reason }
marian-config-not-json = { $file } 不是 JSON 对象：{ $reason }
marian-config-not-marian = config.json 写的 model_type 是 "{ $model_type }"；只支持 Marian 模型（model_type "marian"，如 Helsinki-NLP/opus-mt-zh-en）
marian-config-no-model-type = config.json 没有 model_type；只支持 Marian 模型（model_type "marian"）
marian-config-pre-layer-norm = config.json 写的是 normalize_before: true，即 Pre-LN 的 Marian；本教程计算的是笔记里的 Post-LN Marian（normalize_before: false）
marian-config-extra-norm = config.json 写的是 { $field }: true，本教程的 Marian 没有这个 LayerNorm
marian-config-activation = config.json 的 activation_function 是 "{ $name }"；本教程能计算 swish（silu）、relu 和 gelu
marian-config-want-positive-integer = 不小于 1 且在本教程上限之内的整数
marian-config-want-integer = 整数
marian-config-want-boolean = true 或 false
marian-config-want-number = 数
marian-config-want-id-below = 小于 vocab_size { $vocab_size } 的词元编号
marian-config-field = { $file }：{ $field } 必须是{ $want }
marian-config-unequal = config.json 给编码器的 { $what } 是 { $encoder }，给解码器的是 { $decoder }；本教程只计算两侧 { $what } 相同的 Marian
marian-config-heads-do-not-divide = config.json：{ $heads } 个注意力头不能整除 d_model { $d_model }
marian-not-a-directory = --model 需要一个目录（下载好的 Marian 模型，如 opus-mt-zh-en）；{ $path } 不是目录
marian-missing-tensor = { $label }：权重里没有 `{ $name }`（带或不带 `model.` 前缀都没有）
marian-misshaped = { $label }：`{ $name }` 的形状是 { $got }，但 config.json 意味着 { $expected }
marian-not-finite = { $label }：`{ $name }` 含有 NaN 或无穷大；权重必须是有限数
marian-vocab-size = { $label }：vocab.json 有 { $vocab_json } 个片段，但 config.json 的 vocab_size 是 { $config }；两者必须一致
marian-positions = { $label }：存储的 `{ $name }` 与 Marian 的正弦位置表最多相差 { $max_difference }；本教程计算正弦表，与这份权重对不上

## src/strings/marian_files.rs (part 2)

marian-file = { $name }（{ $purpose }）
marian-download-again = 请从该模型的 Hugging Face 页面重新下载
tokenizer-missing = 模型文件夹 { $dir } 里没有 { $file }；请从该模型的 Hugging Face 页面下载它，放在 config.json 旁边
tokenizer-unread = { $file } { $path }：{ $reason }
tokenizer-spm-not-parsed = { $file } 不是 SentencePiece 模型（{ $reason }）；文件已损坏或是别的文件，{ $again }
tokenizer-spm = { $file }：{ $fault }；{ $again }
tokenizer-not-json = { $file } 不是有效的 JSON（{ $reason }）；{ $again }
tokenizer-not-object = { $file } 必须是一个 JSON 对象 {"{"}…{"}"}，但它不是；{ $again }
tokenizer-vocab-too-large = vocab.json 里的词块超过 { $most } 个，远多于翻译模型的词表（opus-mt 的有 65001 个）；没有读取
tokenizer-vocab-not-id = vocab.json 给词块 `{ $piece }` 的值是 { $value }，不是编号（从 0 起的整数）；{ $again }
tokenizer-vocab-id-out-of-range = vocab.json 给词块 `{ $piece }` 的编号是 { $id }，但它只有 { $len } 个词块：编号必须从 0 到 { $last }，每个只用一次；{ $again }
tokenizer-vocab-duplicate-id = vocab.json 把编号 { $id } 同时给了 `{ $first }` 和 `{ $second }`；每个编号只属于一个词块；{ $again }
tokenizer-vocab-missing-special = vocab.json 里没有 `{ $token }`，这是模型需要的特殊词元（`</s>` 结束每个句子，`<unk>` 代表未知词块，`<pad>` 开始每个译文）；{ $again }
tokenizer-config-value = tokenizer_config.json 的 `{ $key }` 必须是{ $want }
tokenizer-want-bool = {" "}true 或 false
tokenizer-want-token = 一个词元：字符串，或带有字符串 `content` 的对象
tokenizer-want-tokens = 词元的列表
tokenizer-want-added-tokens = 编号 -> 词元的对象
tokenizer-added-token-differs = tokenizer_config.json 说词元 { $id } 是 `{ $config }`，但 vocab.json 的词元 { $id } 是 `{ $vocab }`；这两个文件来自不同的模型
tokenizer-added-token-missing = tokenizer_config.json 提到词元 { $id }（`{ $config }`），而 vocab.json 里没有它；这两个文件来自不同的模型
tokenizer-separate-vocabs = tokenizer_config.json 设置了 separate_vocabs：这个模型每种语言各有一个词表，本程序不加载这种模型（opus-mt 模型共用一个 vocab.json）
spm-not-unigram = 它是 { $model_type } 模型，而 MarianMT 用的是 unigram 模型
spm-no-pieces = 它没有任何词块
spm-empty-piece = 词块 { $id } 是空的
spm-duplicate-piece = 词块 { $id } `{ $piece }` 也是词块 { $first }
spm-no-unknown = 没有未知词块（<unk>），它代表模型没有的每个字符
spm-two-unknowns = 词块 { $first } 和 { $second } 都是未知词块
spm-broken-charsmap = 它的规范化字符表被截断或已损坏

## src/strings/weights_file.rs (part 2)

weights-cannot-write = 无法写入 { $path }：{ $reason }
weights-not-npz = { $label } 不是可读的 .npz 文件：{ $reason }
weights-content = { $label }：{ $fault }
weights-cannot-list = 无法列出数组：{ $reason }
weights-not-integer-scalar = `{ $name }` 必须是整数标量：{ $reason }
weights-not-bytes = `{ $name }` 必须是 uint8 数组：{ $reason }
weights-not-float = `{ $name }` 无法按 float32 读取：{ $reason }
weights-missing-scalar = 缺少整数标量 `{ $name }`
weights-negative-scalar = `{ $name }` 是 { $value }；它不能是负数
weights-missing-array = 缺少数组 `{ $name }`，应有的形状是 { $expected }
weights-misshaped = 数组 `{ $name }` 的形状是 { $got }，应为 { $expected }
weights-not-finite = 数组 `{ $name }` 在下标 { $at } 处是 { $value }；权重必须是有限的数
weights-heads-do-not-divide = config.n_heads 是 { $n_heads }，不能整除 d_model { $d_model }
weights-max-len-out-of-range = config.max_len 是 { $max_len }；它必须在 2（目标句至少有 <bos> 和 <eos>）到 { $limit } 之间
weights-pad-idx = config.pad_idx 是 { $pad_idx }，但 <pad> 在两个词表里都是第 { $pad_id } 号词元（句子用 id { $pad_id } 填充）；它必须是 { $pad_id }
weights-vocab-rows = `{ $name }` 有 { $tokens } 个词元，而词嵌入表有 { $rows } 行；两者必须相等
weights-bad-vocab = `{ $name }`：{ $fault }
weights-size-too-small = { $what } 是 { $value }（取自 { $from }）；至少要 { $least }
weights-vocabulary-too-small = { $what } 是 { $value }（取自 { $from }）；至少要 { $least }：每个词表都以 <pad> <unk> <bos> <eos> 开头
weights-unexpected-past-layer = 多余的数组 `{ $name }`：文件里的层是 0..={ $last }（共 { $n } 层），从 0 起连续编号，第 { $layer } 层不在其中；请删去它的数组，或补齐缺少的层
weights-unexpected-name = 多余的数组 `{ $name }`：{ $n } 层的模型没有这个名字的参数，它也不是 `config.*` 尺寸或词表；权重文件里只能有这些（以及 `export` 写出的内容）

## src/strings/weights_dir.rs (part 2)

weights-dir-no-weights-file = 文件夹 { $dir } 里没有权重文件：既没有 { $safetensors } 也没有 { $torch }；请把模型的权重文件放进去（两者之一，在模型的 Hugging Face 页面上下载）
weights-dir-content = { $path }：{ $fault }
weights-not-safetensors = 它不是可读的 safetensors 文件（{ $reason }）；请重新下载
pickle-opcode-not-allowed = 它的 pickle 在第 { $at } 字节处用了操作码 { $opcode }（{ $byte }），只含张量的文件用不到它，所以没有加载
pickle-not-an-opcode = 它的 pickle 在第 { $at } 字节处是 { $byte }，这不是 pickle 操作码；文件已损坏
pickle-global-not-allowed = 它含有一个调用 { $global } 的 pickle；权重文件只需要张量，所以没有加载（它可能有害：也不要用 torch.load 打开它）
weights-unsupported-dtype = 张量 `{ $tensor }` 以 { $dtype } 存储；只能读取 float32、float16 和 bfloat16 的张量（请用 model.float() 转换模型后重新保存）
weights-outside-storage = 张量 `{ $tensor }` 超出了它的数据末尾；文件已损坏，请重新下载
weights-truncated = 文件在它声明的内容之前就结束了（被截断）；请重新下载
weights-tensor-too-large = 张量 `{ $tensor }` 声称有 { $elements } 个元素，但这个文件最多只能提供 { $room } 个；没有为它分配内存，文件没有加载
torch-not-zip = 它不是可读的 zip 文件（{ $reason }）；请重新下载
torch-no-data-pkl = 它是 zip 文件，但不是 torch.save 写的：里面没有 data.pkl
torch-byte-order = 它的张量按 { $order } 字节序存储；只能读取小端（little）字节序的文件（请在小端机器上重新保存）
torch-no-magic = 它既不是 zip 文件，也不是 torch 的旧格式；它不是 PyTorch 权重文件
torch-legacy-version = 它是 torch 的旧格式，但版本是 { $version }；只能读取 1001 版
torch-missing-storage = 缺少存储 `{ $key }` 的数据；文件已损坏，请重新下载
torch-unknown-storage = 它列出了没有任何张量使用的存储 `{ $key }`，无法知道它的大小；文件已损坏
torch-not-a-state-dict = 它的 pickle 不是张量字典；权重文件里是模型的 state_dict()
torch-entry-not-a-tensor = 它的 pickle 字典里的 `{ $name }` 不是张量；权重文件里是模型的 state_dict()，只有名字和张量
torch-malformed = 它的 pickle 已损坏：第 { $at } 字节处的操作码 { $opcode } 与前面的内容对不上；请重新下载

## src/strings/vocab_file.rs (part 2)

sentence-too-long = 第 { $row } 句有 { $len } 个词元，而模型的 max_len 是 { $max_len }；请把它缩短
vocab-not-utf8 = 不是 UTF-8 文本：{ $reason }
vocab-first-line = 第一行必须是 tokenizer=char 或 tokenizer=word，而不是 { $line }
vocab-specials = 前四个词元必须是 { $specials }
vocab-token = 词元 { $id }（第 { $line } 行）{ $fault }；每个词元都不能为空，不能含空白或控制字符，并且只能出现一次
vocab-token-empty = 是空的
vocab-token-control = `{ $token }` 含有控制字符 { $c }
vocab-token-whitespace = `{ $token }` 含有空白，而分词器正是在空白处切分
vocab-token-invisible = `{ $token }` 在屏幕上不占任何列：只有零宽字符，谁也看不见它
vocab-token-twice = `{ $token }` 也是词元 { $first }

## src/strings/npz_archive.rs (part 2)

npz-member-unread = 无法读取第 { $index } 个成员：{ $reason }
npz-inflated = 数组 `{ $name }` 声称由 { $stored } 个存储字节解压出 { $declared } 个字节；文件已损坏
npz-unreadable = 数组 `{ $name }`：{ $reason }
npz-not-npy = 数组 `{ $name }` 不是 .npy 数组：{ $reason }
npz-shape-too-large = 数组 `{ $name }` 声明的形状 { $shape } 大到不可能存在
npz-short-data = 数组 `{ $name }` 声明的形状是 { $shape }（{ $data } 字节），但文件里只有它的 { $room } 字节
npz-too-many-arrays = 文件里有 { $count } 个数组；权重文件最多只能有 { $most } 个
export-too-many-arrays = 这次导出会有 { $count } 个数组，而本教程能读回的权重文件最多只能有 { $most } 个：什么也没有写
npz-unpacks-too-large = 它的数组解压后共 { $total } 字节，超过本程序解压的上限 { $limit }；什么都没有解压
npy-no-magic = 没有 .npy 的开头标记
npy-unknown-version = 未知的 .npy 版本 { $version }
npy-cut-short = 文件头被截断了
npy-not-text = 文件头不是文本
npy-no-descr = 文件头里没有 `descr`
npy-unknown-dtype = 未知的数据类型 { $descr }
npy-no-shape = 文件头里没有 `shape`
npy-bad-shape-entry = 形状里的 `{ $entry }` 不是一个大小

## src/strings/model_text.rs (part 2)

formula-input = x：输入
formula-embed = { $s }.embed = { $s }_embed[{ $s }_ids]：每个词元取 ({ $vocab }, { $d }) 表中的一行
formula-positional-halves = PE[pos, i] = sin(pos/10000^(2i/{ $d }))（前 { $h } 列），PE[pos, { $h }+i] = cos(pos/10000^(2i/{ $d }))（后 { $h } 列）：Marian 的排法
formula-embed-scale = { $s }.scaled = { $s }.embed · √{ $d }：Marian 把词嵌入放大 √d_model 倍
formula-pad-keys = { $name } = ({ $k }_ids != <pad>)，排成 (B, 1, 1, T_{ $k })
formula-pad-query-key = { $name } = ({ $q }_ids != <pad>) & ({ $k }_ids != <pad>)，排成 (B, 1, T_{ $q }, T_{ $k })
formula-pad-ones = tgt.pad_mask = 全 1：笔记 002 的 make_tgt_mask 没有填充部分
formula-pad-none-start-is-pad = tgt.pad_mask = 全 1：起始词元就是 <pad>，Marian 的目标句没有填充掩码（因果掩码已挡住后面的填充）
formula-causal = tgt.causal = 下三角全 1：查询 i 看得到键 0..=i
formula-causal-off = tgt.causal = 全 1：没有因果掩码，每个查询都看得到每个键
formula-causal-input = mask = 下三角全 1
formula-target-mask = tgt.mask = tgt.pad_mask AND tgt.causal，广播成 (B, 1, T, T)
formula-memory = C = { $x }（编码器的输出，即每个解码器层都读取的编码矩阵 C）
formula-split-heads = { $upper } = split { $from } → { $to }：{ $h } 个头，每个头 { $width } = { $dk }
formula-scores-unscaled = scores = qk，没有除以 √{ $dk }（what-if）
formula-masked-off = masked = scores：不应用掩码（what-if）
formula-masked-multiply = masked = scores · { $mask }（笔记 001 §5.1 的乘法掩码）
formula-weights = weights = softmax(masked)，沿键计算；每行之和为 1
formula-head-removed = ablated = { $context }，但头 { $head } 的那一片置 0（去掉这个头）
formula-head-alone = ablated = { $context }，只留头 { $head }，其余头的那一片置 0
formula-sum-no-residual = sum = { $sub }：没有残差连接（what-if）
formula-normalize = x̂ = ({ $input } - mean) / √(var + 1e{ $eps_exponent })，每个词元在它的特征上计算
formula-silu = hidden = pre · σ(pre)：SiLU（swish），Marian 的激活函数
formula-gelu = hidden = pre · Φ(pre)：GELU
formula-probs = probs = softmax(logits)，在整个词表上
formula-loss = loss = 对非 <pad> 标签求 cross-entropy(logits, labels) 的均值，标签平滑 { $smoothing }
place-source-embedding = 源句词嵌入 + 位置编码
place-target-embedding = 目标句词嵌入 + 位置编码
place-source-mask = 源句掩码
place-target-mask = 目标句掩码
place-encoder-layer = 编码器第 { $layer } 层 · { $part }
place-decoder-layer = 解码器第 { $layer } 层 · { $part }
place-output = 输出：Linear + softmax
place-loss = 训练损失：对下一个词的交叉熵
part-self-attention = 自注意力
part-masked-self-attention = 掩码自注意力
part-cross-attention = 交叉注意力
part-feed-forward = 前馈网络
where-source-embedding = 源句词嵌入（还没加 PE）
where-target-embedding = 目标句词嵌入（还没加 PE）
where-source-positional-encoding = 源句位置编码
where-target-positional-encoding = 目标句位置编码

## src/lang/mod.rs (io_reason)

io-not-found = 没有这个文件或文件夹
io-permission-denied = 没有权限
io-already-exists = 已经存在
io-storage-full = 磁盘已满
io-read-only-filesystem = 文件系统是只读的
io-is-a-directory = 这是一个文件夹
io-not-a-directory = 路径中有一段不是文件夹
## src/strings/taught.rs

activations-heading = { $name }，词元 { $token }：{ $d_ff } 个输入，三种激活函数
activations-own = 这个模型的激活函数（标 ◀）：{ $own }（运行中的 { $name }）
activations-spread = { $d_ff } 个特征中的 { $shown } 个，最负的输入排在最前
activations-feature = 特征
activations-pre = 激活前
activations-negatives = 负的输入：{ $d_ff } 个中有 { $negatives } 个 · ReLU 在它们上面都恰好给出 0
activations-lowest = 这一行里最小的输出：ReLU { $relu } · GELU { $gelu } · SiLU { $silu }
activations-floor = 最低：GELU { $gelu }（x = { $gelu_at }）· SiLU { $silu }（x = { $silu_at }）· ReLU 0
activations-check = 运行中的 { $name } 对照 { $own } 列：最大差 { $diff }
pe-table-caption = 全部位置：max_len = { $max_len } 行 × d_model = { $d } · 这个批次用到 0–{ $last }
every-kth-row = … 为了放得下，每 { $k } 个位置画一行：{ $n } 行中画了 { $shown } 行
every-kth-column = 每 { $k } 个特征画一列：{ $n } 列中画了 { $shown } 列
instance-heading = 实例归一化，笔记 000 表格的第三行
instance-axes = 每个特征在一个句子的 { $t } 个位置上归一化：共 { $b }×{ $d } 组
instance-row = 批次中的第 { $batch } 句的 { $token } 这一行经过它之后：均值 { $mean } / 标准差 { $std }
instance-features = 批次中的第 { $batch } 句的各特征经过它之后：|均值| 最大 { $mean }，标准差平均 { $std }
instance-pads = 批次中的第 { $batch } 句的平均值里含 <pad> 位置：{ $t } 个中有 { $pads } 个
dropout-heading = { $encoder ->
        [1] 编码器
       *[other] 解码器
    }第 { $layer } 层里 dropout 的位置（训练时）
dropout-training-only = ╳ 标出一个 dropout；推理时（这次运行）每个都原样传递输入
dropout-on-embedding = ╳ 词嵌入 + 位置编码之和上的 dropout（笔记 000、004）
dropout-on-weights = ╳ 注意力权重上的 dropout（PyTorch 的 MHA；笔记里没有）
dropout-after-activation = ╳ 激活函数之后的 dropout（笔记 000 和 002 的前馈网络）
dropout-on-sublayer = ╳ 子层输出上的 dropout，在相加之前（笔记 002）
dropout-inference = 推理，也就是这次运行：dropout 是恒等映射
dropout-identity = { $sum } − (x + 子层输出)：最大差 { $diff }
dropout-training = 训练，p = { $p }：在 { $sublayer } 的 { $token } 这一行上抽一次
dropout-counts = { $n } 个值里置零 { $zeroed } 个；其余 { $kept } 个 × 1/(1 − p) = { $scale }
dropout-before = 之前
dropout-after = 之后
dropout-means = 这一行的均值：之前 { $before }，之后 { $after }；{ $draws } 次抽样的平均 { $average }
# 注意力权重表只显示一部分键时，表下方说明左右各还有几个键。
more-keys-left = ← 左边还有 { $left } 个键
more-keys-right = … 右边还有 { $right } 个键 →
more-keys-both = ← 左边还有 { $left } 个键 · 右边还有 { $right } 个 →
more-keys-left-named = ← 左边还有 { $left } 个键（{ $left_names }）
more-keys-right-named = … 右边还有 { $right } 个键（{ $right_names }）→
more-keys-both-named = ← 左边还有 { $left } 个（{ $left_names }）· 右边还有 { $right } 个（{ $right_names }）→
# 每个运算旁的代码（`p` 面板与 `export --numpy` / `--pytorch`）。
code-input = 交给这次运行的输入张量
code-embed = 每个词元 id 取词嵌入表的一行
code-embed-scale = 词嵌入乘以 √d_model（Marian 的 scale_embedding）
code-positions = 偶数列取 sin，奇数列取 cos，每个位置一行
code-positions-halves = 前一半列取 sin，后一半列取 cos（Marian 的排法）
code-add-positional = 位置编码表加到批次中的每一句上
code-padding-mask = 键是真实词元处为 1，是 <pad> 处为 0
code-padding-mask-qk = 查询和键都是真实词元处才为 1
code-causal-mask = 下三角：每个位置只看得见自己和它之前的位置
code-ones-mask = 全 1 的掩码：什么也不遮
code-mask-and = 两个掩码都放行的键才看得见
code-linear = 线性层：x 乘 Wᵀ 再加 b
code-linear-tied = 输出层直接拿目标词嵌入当权重，再加上自己的偏置
code-split-heads = 把特征切成多个头，再把头这一轴挪到前面
code-query-key = 每个查询与每个键做点积
code-scale = 除以 √d_k，softmax 才不会饱和
code-no-scale = 假如：分数不除以 √d_k
code-mask-fill = 被遮住的分数变成 -1e9，softmax 后权重为 0
code-mask-minus-infinity = 被遮住的分数变成 -inf：整行都被遮住时结果是 NaN
code-mask-multiply = 把掩码乘进去：被遮住的分数变成 0，softmax 后仍有权重
code-mask-off = 假如：不用掩码
code-softmax = 每一行变成和为 1 的权重
code-probs = 把 logits 变成词表上的概率
code-context = 对值向量加权求和
code-merge-heads = 把各个头重新并排拼起来，每个词元一个向量
code-head-out = 在 W_o 之前把一个头的上下文置零
code-head-alone = 在 W_o 之前只留一个头，其余头的上下文置零
code-residual = 残差连接：子层的输入加上它的输出
code-no-residual = 假如：只要子层的输出，没有残差
code-relu = max(0, x)，逐个元素
code-silu = x · sigmoid(x)，逐个元素（Marian 的前馈网络）
code-gelu = x · Φ(x)，逐个元素
code-normalize = 对每个词元：减去均值，再除以标准差（有偏方差）
code-scale-shift = 层归一化里学到的缩放 γ 和平移 β
code-memory = 编码器的输出，也就是每个交叉注意力读取的记忆 C
code-identity = 同一个张量换了个名字
code-cross-entropy = 对所有不是 <pad> 的标签求 -log p(标签) 的平均
code-backward = 反向传播：从屏幕上的梯度 { $d } 出发，算出这个运算所读张量的梯度
code-note = 笔记 { $note }，{ $code }
code-fix-why = 笔记的错误——{ $why }
code-note-writes = 笔记写的是：
code-corrected = 改正后：
code-pane = 代码
code-what-if = 假如：
code-script-header = 这次运行的每个具名张量，都在 { $lib } 中从 { $npz } 逐个运算重新算一遍，并与导师的结果比对。
wrote-script = 已写入 { $path }：{ $count } 个张量，每个都重新计算并比对（用 python3 运行）
export-same-file = { $flag } 和 { $other } 指向同一个文件 { $path }：脚本会覆盖它要读取的文件；什么也没有写
export-same-script = { $flag } 和 { $other } 指向同一个文件 { $path }：一个脚本会覆盖另一个；什么也没有写
code-script-ok = 一致
code-script-fail = 不一致
code-script-not-computed = 没有算出来
code-script-shape = 形状是 { $ours }，导师的是 { $tutor }
code-script-differ = { $count } 个张量中有 { $failed } 个与导师的不一致（第一个：{ $first }）
code-script-all-match = 全部 { $count } 个张量都与导师的一致
