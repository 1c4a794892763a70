### The program's own words in English: headings, labels, the status bar, help, messages.
### Lesson prose is not here: it lives in lessons/*.toml, every language side by side.
### Syntax: https://projectfluent.org/fluent/guide/ . Arguments ({ $every }) arrive already
### formatted as text. Blanks at the start or end of a line are written {" "}, braces {"{"}.

## src/strings/bilingual.rs

# $languages: every language but the last, each as language-called, joined by list-separator; $last: the last; $count: how many.
missing-translation = is missing: every lesson is written in { $languages } and { $last }, so `{ $english }` needs `{ $field }` beside it, saying the same with the same facts { $see }

## src/strings/cli.rs

# Under a usage error in Chinese (clap's usage lines are English).
see-help = For more information, try '--help'.
target-needs-source = a target needs its source: give --src (or --src-ids) as well
zero-steps = 0 steps would train nothing; give 1 or more
steps-not-a-number = give a whole number of steps, such as 1000
train-needs-out = --out FILE.npz is needed: where to write the trained weights
no-data-dir-to-clear = no data directory on this system, so there is no saved progress to clear
no-data-dir = no data directory on this system: progress is not saved
no-lessons = there are no lessons
weights-with-eval = --weights has no effect on `train --eval FILE`, which scores FILE; give the file to --eval
random-weights-with-train = --random-weights has no effect on `train`, which starts from random weights (seeded by --seed) unless --weights names a file to fine-tune
seed-with-weights = --seed has no effect with --weights: the file holds the weights (--seed seeds random weights)
random-weights-with-preset = --random-weights has no effect with --preset note001 or note000, whose weights are random already
seed-with-trained = --seed has no effect on the trained model: it seeds random weights; add --random-weights (or --preset note001 / note000), or leave --seed out
preset-with-weights = --preset has no effect with --weights: the file's arrays give the model's sizes
special-tokens-line =
    {""}
    special tokens on both sides: <pad> = 0, <unk> = 1, <bos> = 2, <eos> = 3
corpus-training = training
corpus-held-out = held-out
grads-need-two-tokens = --grads needs a target of at least two tokens (e.g. <bos> I <eos>)
translate-empty = the sentence is empty; give a Chinese sentence, e.g. 我有一只猫
translate-one-sentence = translate takes one sentence; `;` separates batch rows elsewhere
# Before clap's own (English) message about a mistyped command line, for a Chinese reader.
clap-error-lead = the command line has a mistake; the parser's message follows
error-line = error: { $message }
warning-line = warning: { $warning }
note-line = note: { $note }
no-preset = no preset `{ $name }`{ $hint } (presets are { $names })
no-what-if = no what-if `{ $name }`{ $hint } (what-ifs are { $names })
temperature-not-a-number = `{ $text }` is not a number; give a temperature such as 0.7
temperature-out-of-range = temperature { $t } is outside 0.1 to 10
wrote-gradients = wrote the loss and { $count } weight gradients to { $path }
wrote-tensors = wrote { $count } tensors and the weights to { $path }
wrote-pairs = wrote { $count } pairs to { $path }
cannot-write = cannot write { $path }: { $e }
cannot-write-stdout = cannot write to standard output: { $e }
lesson-refused =
    { $e }
    (the lesson was refused before anything was shown; fix the file and run again)
lesson-for-other-model =
    { $e }
    (the lessons are written for the tutor model, 2 layers; this model has { $layers }. Run them without --preset/--weights, or give --lessons-dir with lessons for this model)
flag-after-subcommand = ; give it after the subcommand: `transformer-tutor { $name } { $flag } …`
tutor-flag-with-subcommand = { $flag } is a flag of the tutor itself (no subcommand); `{ $name }` would ignore it{ $hint }
no-effect-on-corpus = { $flag } has no effect on `corpus`: the training corpus is the same for every model
no-effect-on-eval = { $flag } has no effect on `train --eval FILE`, which scores the weights in FILE
train-other-preset = `train` trains the tutor model (note 002's sizes) only; --preset { $preset } would be ignored. To train other sizes, fine-tune a weights file of those sizes with --weights
no-effect-with-reset = { $flag } has no effect with --reset-progress, which clears the saved progress and exits
no-effect-with-list = { $flag } has no effect with --list, which prints the lessons and exits
no-effect-with-glossary = { $flag } has no effect with --glossary, which prints the glossary and exits
no-effect-with-at-step = { $flag } has no effect with --at-step, which shows the shipped training run's checkpoint (leave out --at-step to use { $flag })
corpus-heading = corpus (seed { $seed }): { $total } sentence pairs, { $train } for training, { $heldout } held out (never trained on)
source-vocabulary-line =
    {""}
    source vocabulary, by character ({ $count } + 4 special tokens):
    {"  "}{ $chars }
target-vocabulary-line =
    {""}
    target vocabulary, by word ({ $count } + 4 special tokens):
    {"  "}{ $words }
samples-heading =
    {""}
    { $split } samples:
print-sentences =
    source: { $src }
    target: { $tgt }
    {""}
print-beat-heading = ── beat { $beat }/{ $beats } · { $name } { $shape } · { $place } ──
translate-attention-heading =
    cross-attention ({ $name }, mean of { $heads } heads), from the position that chose each word:
    {""}

## src/strings/derive.rs

derive-given = given to the run as its input
derive-ones = a mask of ones: this what-if hides nothing here
cell-mode-on = cell mode: ←↑↓→ pick a number · [ ] head · b batch · c or Esc leaves
cell-mode-off = cell mode off
no-cells = this tensor has no grid of numbers to pick from
# The layernorm view's x column when a what-if has no residual connection.
no-residual = (no residual)
temperature-only-decode = t changes how a decode view picks words (the output lesson's last beats)
tempered-note = the bars: softmax(logits / T), the distribution this step drew from
derive-table-row = token `{ $word }` has id { $id }: row { $id } of { $table }, column { $col } = { $num_v }
derive-dot = Σ over { $products } terms of { $a_name } × { $b_name }:
derive-dot-2 = {"  "}the other { $products_listed } products sum to { $num_rest }
derive-dot-3 = {"  "}sum = { $sum }
derive-split = { $input }[{ $b }, { $t }, { $feature }]: head { $head } holds features { $first }..{ $last }
derive-merge = { $input }[{ $b }, { $head }, { $t }, { $c }]: head { $head }'s feature { $c }
derive-normalize = this token's { $d } features of { $input }: μ = { $mean }, σ² = { $var } ; ({ $xs } − μ) / √(σ² + { $eps }) = { $out }
derive-identity = the same tensor as { $input }, under this name
derive-result = recomputed { $derived } · engine { $engine }
cell-title = {" "}where does this number come from? · { $tensor }{" "}
cell-columns = {" "}· columns { $first }–{ $last } of { $of }
sampled-heading = sampled at T = { $temperature }, seed 0: { $sampled }  ·  greedy: { $greedy }

## src/strings/derive_gradient.rs

grad-of-loss = the loss itself: ∂L/∂L = 1, where the backward pass starts
grad-head-removed = this head is removed here, so nothing flows back
grad-no-path = no gradient flows back along this path
grad-masked = masked: the score was replaced by a constant, whose derivative is 0
grad-pad-label = the label here is <pad>, which the loss ignores
grad-relu-open = ReLU′ 1 (input > 0)
grad-relu-closed = input { $num_x } ≤ 0, where ReLU is flat
grad-mask-factor = mask { $num_m }
grad-weights-column = weights[{ $b }, { $h }, :, { $key }]
grad-broadcast-sum = {"  "}Σ of { $upstream } over the { $count } cells this number was added to = { $num_sum }
grad-softmax = {"  "}p = { $p }, { $upstream } here = { $g }, Σₖ { $upstream }ₖ·pₖ = { $through }
grad-normalize = {"  "}g = { $upstream } here = { $g }, mean(g) = { $g_mean }, x̂ = { $hat }, mean(g·x̂) = { $g_hat_mean }, σ = { $sigma }
grad-cross-entropy = {"  "}(softmax(logits) { $p } − target { $target }) / { $labels } labels = { $value }
grad-paths-sum = the { $paths } paths meet here: sum = { $num_total }
grad-dot-sum = {"  "}Σ over { $terms } terms of { $upstream } × { $other } = { $num_sum }
grad-linear-weight = { $consumer }'s W[:, { $col }]

## src/strings/dial.rs

key-dial = training time: the same beat as the model was after fewer (-) or more (+) training steps
hint-dial = training step
dial-unavailable = no training checkpoints in this session
dial-at-start = this is step 0: the untrained model
dial-at-end = this is the model the session started with: - goes back in training time
dial-own = back to the model the session started with
dial-other-model = the dial shows the shipped training run, whose sizes or vocabularies differ from this model's
dial-making-start = making the training checkpoints (once; kept in the data directory)…
dial-ready = training checkpoints ready: - earlier, + later
dial-title = Training time
dial-making = making the training checkpoints: step { $done }/{ $total } (once; kept in the data directory)
dial-moved = the model after { $step } of { $last } training steps (- earlier, + later)
dial-not-saved = checkpoints made but not kept: { $why }
dial-step = step { $step } of { $last }
no-checkpoint-at = --at-step { $step }: no checkpoint there; the training run keeps steps { $steps }

## src/strings/files.rs

# What a weights file is called in a refusal to read it (`weights file /dev/zero: …`).
weights-file = weights file

## src/strings/frame.rs

map-title = {" "}Where we are{" "}
trace-title = {" "}Shape trace{" "}
map-output = output
map-embed = embed+PE
map-pad-mask = pad mask
map-masks = masks
map-self-attn = self-attn
map-masked-self = masked-self
map-cross = cross
map-legend = {" "}A&N = Add & Norm: LayerNorm(x + sublayer(x))
no-terminal = no terminal: standard output is not a TTY, so the tutor screen cannot be shown. Run it in a terminal, or add --print to read the lesson as plain text
no-controlling-terminal = no terminal: the process has no controlling terminal (started with setsid?), so the tutor could not tell if its terminal went away. Run it from a terminal's shell, or add --print to read the lesson as plain text
no-terminal-input = no terminal: standard input is not a TTY, so the tutor cannot read keys. Run it in a terminal without redirecting its input, or add --print to read the lesson as plain text
reads-token-ids = reads the token ids
reads-no-tensor = reads no tensor
trace-title-at = {" "}Shape trace · { $place }{" "}
non-finite-at = the forward pass produced NaN/Inf first at op `{ $op }`: float32 overflowed there (these weights are too large), so no number computed from it means anything
map-encoder = enc { $layer }
map-decoder = dec { $layer }
too-small =
    The terminal is { $width }x{ $height }.
    Please enlarge it to at least { $min_width }x{ $min_height }.
    (q quits)
terminal-too-small = the terminal was { $width }x{ $height }, smaller than the { $min_width }x{ $min_height } the tutor needs, so no lesson was shown; enlarge the window and run again, or add --print to read the lesson as plain text
aborted-out-of-memory = transformer-tutor ran out of memory and stopped (the terminal is restored)
aborted = transformer-tutor stopped on an internal error (abort; the terminal is restored)
cannot-watch-signals = cannot watch for signals: { $why }
cannot-open-terminal = cannot open the terminal: { $why }
terminal-error = terminal error: { $why }
reads = reads { $inputs }

## src/strings/glossary.rs

# What the `*` after a note reference means.
glossary-unnamed = {" "}* the notes do not use this term: the section it builds on
# $languages: every language but the last, each as language-choice, joined by list-separator; $last: the last.
no-language = no language `{ $code }`; the tutor speaks { $languages } and { $last }
# $language: this language, $gloss: the language the glossary writes beside it (language-called); $gloss_code: its code.
glossary-title = Glossary: { $terms } terms in { $language } and { $gloss }, in the notes' words where they use them
note-ref = note { $note }{ $mark }

## src/strings/grids.rs

# The last line of a decode view: where greedy decoding ends.
greedy-translation = the whole greedy translation:{" "}
axis-query = query
axis-key = key
axis-batch-row = batch row
# What `more` counts (the text views' `LINES` is above, with them).
rows = rows
keys = keys
tokens = tokens
scale-open = scale: [
scale-no-values = {"  "}(no values)
# The legend's note when a grid's shades span the whole tensor, not only the slice shown.
shades-whole-tensor = shades span the whole tensor
masked-number = −1e9 = masked
masked-shade = ·· = masked (−1e9)
masked-number-inf = −1e9 or -inf = masked
masked-shade-inf = ·· = masked (−1e9 or -inf)
padding-mask = padding mask: 1 where the key is a real token, 0 at <pad>
causal-mask = causal mask: 1 on and below the diagonal, 0 for the future
combined-mask = combined mask: padding AND causal
padding-mask-keys = key position (each row's tokens on its right)
# After the mark ■ and ·, in the mask's legend.
mask-visible = {" "}= 1 (visible){"  "}
mask-hidden = {" "}= 0 (hidden)
no-rows = (no rows)
masked-fill-label = masked_fill(-1e9), as the code does
row-sum = sum
masked = masked
queries = queries:
legend-masked = {" "}masked: weight exactly 0
legend-leak = {" "}masked, yet weight > 0
legend-nan = {" "}not a number: the computation broke down
legend-relative = {" "}weight relative to the row's largest
mean-std = mean/std
# Labels of the two strips.
ln-before = before
ln-after = after
not-computed = {" "}not computed yet (press . to step)
batch-row-of = batch row { $b } (of 0–{ $last })
head-of = head { $h } (of 0–{ $last })
whole-pe-caption = all max_len = { $max_len } rows · this batch uses 0–{ $last }
row-lengths = row lengths ‖row‖: { $parts_join }
rms-line = rms over batch row { $batch }'s real positions: { $parts_join }
mean-of-heads = mean of the { $n } heads
position-label = pos { $i }
from-column = {" "}· from column { $first } (< >)
axes = rows: { $row_axis } · cols: { $col_axis }
empty-grid = (empty: { $rows } × { $cols })
derivation-more = lines
more-rows = … { $rows_below } more
rows-above-below = … { $rows_above } above, { $below } below
more-values = … { $n } more
scale-range = {"  "}min { $min } … max { $max }
padding-mask-note = { $shape }: one row per sentence, broadcast over every query
causal-mask-note = { $shape }: the same for every sentence and head
combined-mask-note = { $shape }: one (T, T) grid per sentence, shared by every head
query-of-batch-row = query (batch row { $b })
vector-cols = cols: { $axis } 0..{ $last }
vector-cols-none = cols: { $axis } (none)
top-words-heading = most probable next words at each position · uniform 1/{ $vocab } = { $uniform }
top-words-rest = · { $hidden } others { $rest }
no-query-rows = { $run }: no query rows
keys-across = keys across, in order: { $keys }
no-row = { $run }: no row { $i }
layernorm-caption = batch { $b } · per token, over its { $d } features
strips-caption = {" "}· { $features } features: before = x+sublayer(x), after = x̂
one-scale = , one scale ±{ $range }
strip-min-max = {" "}min { $min } max { $max }

## src/strings/input.rs

side-source = source
side-target = target
not-an-id = is not a non-negative integer
no-ids = no ids given
sentence-is-empty = the sentence is empty
built-in-weights = the built-in weights
bad-ids = { $side } ids: { $message }
side-error = { $side }: { $err }
rows-differ = the source has { $src_rows } batch row(s) but the target has { $tgt_rows }; give both the same number of `;`-separated rows
id-past-embedding = `{ $word }` has id { $id }, but the model's embedding has only { $vocab_size } rows (0..{ $vocab_size })
id-far-too-large = is far too large for an id (the vocabulary has { $vocab_size })
bad-id-piece = `{ $piece }` in row { $row } { $what }
id-outside-vocabulary = id { $id } in row { $row } is outside the vocabulary (0..{ $vocab_size })
empty-id-piece = row { $row } has a comma with no id beside it (as in `1,,2` or `1,2,`); give one id between each two commas
only-padding = { $which } holds only <pad>: the padding mask would hide every position of it, so attention would have nothing to read; { $give }
target-starts-with-pad = { $which } begins with <pad>: under the causal mask its first position may read only itself, and the padding mask hides that too, so it would have nothing to read; { $begin }
empty-row = row { $row } of { $rows } is empty (two `;` with nothing between them, or a `;` at the end); give every batch row some words, or remove the `;`
too-many-rows = { $rows } batch rows is more than the { $cap } a run takes (this program refuses more, before running anything, so that a long `;` list cannot take gigabytes); give at most { $cap } `;`-separated rows
too-many-tokens = the rows hold { $tokens } tokens together, more than the { $cap } a run takes (this program refuses more, before running anything); give fewer or shorter rows
budget-part-logits = the logits and probabilities (batch rows × target positions × target vocabulary)
budget-part-attention-maps = the attention maps (batch rows × heads × positions × positions)
budget-part-vectors = the token vectors (batch rows × positions × width)
budget-largest = the largest part is { $part }: { $tensors } tensors, the largest { $shape } numbers × 4 bytes, { $bytes } together
over-memory-budget = this run would keep { $total } in memory (every named tensor of the run, twice: the run and a what-if's twin beside it), more than the { $budget } this program allows; { $largest }. It was refused before anything ran: give a shorter sentence or fewer rows, or use a smaller model
over-work-budget = translating would run the decoder again for each of up to { $steps } positions, writing { $total } in all, more than the { $budget } this program allows; in each run { $largest }. It was refused before anything ran: give a shorter sentence, or use a model with a smaller vocabulary or max_len

## src/strings/keys.rs

key-next = next beat (runs the engine forward to its operation)
key-prev = previous beat
key-first-last = first / last beat
key-step = step one operation on / back (on a gradient in the backward pass's order, towards the inputs)
key-head = previous / next attention head; after the last, the mean of the heads
key-row = choose the query row (or scroll the focused text)
key-batch = next batch row (sentence pair)
key-columns = scroll a wide heatmap's columns left / right
key-answer = answer the beat's question (Enter checks, Esc closes)
key-list = the list of lessons (j/k, Enter opens one)
key-sentence = type your own sentence and run the lesson on it
key-cell = cell mode: pick a number with the arrows, see where it comes from
key-code = code: the PyTorch lines that compute this operation, with this run's shapes
key-temperature = in a decode view: greedy, or sample at temperature 0.5, 1, 2, 5
key-probe-view = on attention weights: what each key adds to the output (‖α·v·W_oʰ‖), then the head taken out, then back
key-what-if = what if: run the next (previous) variant of the model beside it
key-pane = move focus between panes
key-save-tensor = write the focused tensor to an .npy file
key-save-frame = write the current frame as plain text
key-save-grid = write the view's grid (heatmap, softmax, mask, ablation, alignment) as .csv and .svg
# $next_own: the language `z` goes to, in its own words; $next: the same, language-called; $after_own: the one after it, in its own words.
key-language = { $next_own }: every screen and the lesson in { $next } (z again: { $after_own })
# $language, $gloss: as in glossary-title.
key-glossary = the glossary: every term in { $language } and { $gloss }
key-help = show / hide this help
key-quit = quit (with the help open: close it)
help-title = {" "}Keys{" "}
help-footer = {" "}mouse wheel or PgUp/PgDn scroll the lesson text · ? or Esc closes this
# The help's line for the status bar's `engine op N/M` (no wider than the widest key line).
help-op-key = op N/M
help-op = ops 0..N of 0..M have run (`transformer-tutor trace` lists them)
key-step-decode = next / previous decoding step (in a decode view)
hint-beat = beat
hint-head = head
hint-row = row
hint-step = step
hint-lessons = lessons
hint-help = help
hint-quit = quit
hint-answer = answer
hint-type-answer = type the answer
hint-type-sentence = type a sentence
hint-check = check
hint-run = run
hint-close = close
hint-move = move
hint-open = open
hint-back = back
hint-cell = cell
hint-batch = batch
hint-leave = leave
# The glossary overlay's title and its footer.
glossary-title-2 = {" "}Glossary{" "}
glossary-footer = {" "}T or Esc closes this · --glossary prints it

## src/strings/learning.rs

backward-at-inputs = the backward pass ends here: nothing before this operation has a gradient
no-cells-in-summary = this view sums gradients up by row; cell mode derives one number of a grid: go back (←) to a beat that draws a gradient as a heatmap
weight-cursor-on = weight cursor: ←↑↓→ choose the weight whose gradient, check and Adam step are shown · c or Esc leaves
what-if-no-gradients = a what-if runs the forward pass only: it has no loss or gradients to show here
backward-at-loss = this is where the backward pass starts, next to the loss
loss-title = The loss: −log p(label) at each target position, the mean over labels that are not <pad>
loss-ignored = ignored: the label is <pad>
grad-flow-title = ‖∂L/∂x‖ reaching each layer's input, over the whole batch
grad-flow-rule = A residual sum x + F(x) hands its gradient back twice: through F, and straight to x (∂/∂x = I + ∂F/∂x). "sublayers only" is the same backward pass with every straight path cut: only ∂F/∂x is left at each residual.
loss-row-sum = batch row { $row }: { $labels } labels, Σ −log p = { $sum }
loss-mean = loss = { $sum } / { $count } = { $loss }
logits-gradient-rule = ∂L/∂logits = (probs − one-hot(label)) / { $count }; a <pad> label's row is all 0
logits-grad-row = row `{ $row }`: label `{ $label }`, p = { $p }, so its cell is (p − 1)/N = ({ $p } − 1)/{ $n } = { $cell }, the only negative one; the largest other is `{ $other }`, { $other_cell }; the row sums to { $sum }
logits-grad-settled-row = row `{ $row }`: label `{ $label }`, p = { $p } to three decimals, so every cell is within 0.0001 of 0: this row has almost nothing left to teach
logits-grad-pad-row = row `{ $row }`: its label is <pad>, which the loss ignores, so { $zero }
embed-grad-reads = row { $b } reads  { $words }
embed-grad-title = ∂L/∂ the { $side } embedding table ({ $rows }, { $d }): the rows the batch gives a gradient
embed-grad-zero-word = { $word } ×{ $positions } (arriving at its positions: { $arriving })
embed-grad-count = { $with } of { $rows } rows get a gradient; the other { $rows_with } get exactly 0
embed-grad-count-tied = { $with } of { $rows } rows get a gradient through the lookups; the output Linear's weight is this same table (tied), and with its gradient { $all } of { $rows } rows get one

## src/strings/lesson_pane.rs

# `{where view}` / `{where taught}` in lesson prose: where a pane is drawn on this screen
where-right = on the right
where-below = below
where-left = on the left
where-above = above
question = Question
press-enter = Press Enter to answer.
your-answer = your answer:{" "}
hint = Hint:{" "}
answer-was = The answer:{" "}
right-mark = ✓ right:{" "}
# A question answered right on other sentences or at another training step than the screen's.
right-before = ✓ answered right on another run; on this one the answer is{" "}
list-title = {" "}Lessons · the notes' order of ideas{" "}
list-done = done
list-not-started = not started
file-kind-fifo = a FIFO (named pipe)
file-kind-device = a device
file-kind-socket = a socket
file-kind-directory = a directory
file-kind-other = not a file
progress-no-free-name = no free name to keep it under
list-footer = Enter opens a lesson at its first beat not yet seen, or else at its first open question
lines = lines
no-lesson-files = no *.toml lesson files in this directory
too-many-lesson-files = the directory holds more than { $cap } *.toml lesson files, the most a lessons directory may hold; nothing was read
lessons-dir-too-large = the lesson files hold more than { $cap } MB together, the most a lessons directory may hold; reading stopped at this file
lesson-file = lesson file
# What the progress file is called in a read error.
progress-file = progress file
beat-title = {" "}beat { $beat }/{ $beats } · { $title }{" "}
stepped-away = (stepped away from this beat's operation, { $op }; → or ← returns to it)
tried = you answered: { $given_join }
list-in-progress = { $seen }/{ $beats } seen
progress-none-yet = no saved progress yet; it will be kept in { $path }
progress-cannot-save = cannot save progress to { $path }: { $why }
progress-not-saved-at-exit = { $why }; what this session added to the progress is lost
progress-locked-by = another process ({ $name }, pid { $pid }) holds the lock on { $dir } (waited { $seconds } s)
progress-locked = another process holds the lock on { $dir } (waited { $seconds } s)
progress-not-reset = cannot reset progress at { $path }: { $why }; nothing was changed
progress-kept-corrupt = progress file { $path } is unreadable ({ $why }); it is kept as { $kept }, and progress starts afresh
progress-kept-newer = progress file { $path } was written by a newer transformer-tutor (format { $version }; this one reads { $ours }); it is kept as { $kept } (the newer version reads it there once renamed back), and progress starts afresh
progress-blocked = cannot read progress file { $path } ({ $why }); it is left as it is, and progress is not saved until it can be read
progress-not-kept = progress file { $path } is unreadable ({ $why }) and could not be moved aside ({ $error }); it is left as it is, and progress is not saved
progress-why-unreadable = cannot open it: { $error }
progress-too-large-to-write = it would be { $size } bytes, more than the { $kb } KB a progress file can be; the file there is left as it was
progress-why-too-large = it is { $size } bytes, more than the { $kb } KB a progress file can be; it was not read
progress-why-not-utf8 = not UTF-8 text: byte 0x{ $byte } at offset { $at }
progress-why-not-regular = it is { $kind }, not a regular file; it was not read
list-beats = { $n } beats
folded-lines = ⋯ { $n } lines (↑/↓)
more-below-scroll = { $more } (↑/↓)
progress-other-version = it is version { $version }, this program reads version { $ours }
progress-newer-version = it is format version { $version }, newer than this program's { $ours }
cannot-create = cannot create { $dir }: { $e }
progress-cleared = progress cleared: { $path } now holds none
progress-lesson-cleared = progress of lesson `{ $id }` cleared in { $path }; other lessons' kept
progress-nothing-to-clear = no saved progress at { $path }; nothing to clear
progress-reset-set-aside = { $note }; an empty progress file replaces it
cannot-read-lessons-dir = cannot read the lessons directory: { $e }
duplicate-lesson-id = duplicate id `{ $id }`: { $other_file } already uses it; give each lesson its own id
list-line =
    { $number }. { $id }{ $pad }  { $title } — { $summary } ({ $beats } beats)
    {""}

## src/strings/marian_model.rs

fmt = model directory

## src/strings/probe.rs

# `C` where there are no attention weights to probe.
probe-view-not-on-gradient = C probes the forward pass's attention weights; on a gradient there are none to probe
probe-view-needs-weights = C works on attention weights (an op named …weights); step to one with . and ,
heads-heading =
    { $pairs } held-out pairs. The whole model: exact match { $exact_pct }% ({ $exact }), loss { $loss }.
    Each head taken out in turn (its slice of the context set to 0 before W_o), ranked by the drop:
heads-footer = { $harmless } of { $total } heads can be taken out with exact match falling by less than 1 point.
probe-progress = probing: { $done } of { $total } runs done (the whole model, then one per head)…
align-heading =
    { $pairs } held-out pairs, each English word linked to the Chinese character its cross-attention row weights most
    (the row that predicts the word), scored against the gold alignment that `corpus --tsv` writes. AER 0% is perfect;
    precision counts links to a sure or possible partner, recall the sure links found:
mean-of-heads-cell = mean
alignment-title = Cross-attention against the gold alignments of { $pairs } held-out pairs
align-footer =
    The best single head: { $block } head { $head }, AER { $aer }%.
    One link per word can at best reach { $one_link_best }%: a two-character
    word such as 他们 or 喜欢 has two sure links.
align-footer-pieces =
    The best single head: { $block } head { $head }, AER { $aer }%.
    One link per word can at best reach { $one_link_best }%: the gold links join
    characters to words; here each joins the piece that holds the character, so
    a word whose characters fall in two pieces keeps two sure links.
wrote-csv = wrote { $rows } rows to { $path }
ablation-title = { $head_block } ([ and ] choose the head)
ablation-grid-title = Head { $head } of { $block } taken out, and kept alone
ablation-cells = position reads
ablation-translation = translation
ablation-translation-2 = { $heading }, { $label }:
lens-title = Logit lens at position { $t } (reads { $token }): the output Linear after each sublayer
lens-after = after { $layer } { $sub }
lens-forms = { $word } tops the list from { $op } on ({ $after_op }) and stays there
contributions-title = { $block }, head { $head }, query row { $row } ({ $query }): weight against what each key adds
contributions-columns = key       weight α              ‖α·v·W_oʰ‖              ‖v·W_oʰ‖
patching-title = One position of { $from } copied into { $to } after an encoder layer, then translated
patching-base = unpatched: { $a } → { $ta }   { $b } → { $tb }
patching-later = { $n ->
        [1] { $first } is patched when the engine reaches it (. steps on through the program)
       *[other] { $first } to { $last } are patched when the engine reaches them (. steps on through the program)
    }
patching-after = after { $op }

## src/strings/status.rs

last-op = that was the last operation: probs
first-op = this is the first operation
no-head-axis = this tensor has no head axis
decode-step-only = s / S move the decoding step in a decode view
last-beat-of-all = last beat of the last lesson: the whole model is behind you. L lists the lessons; q quits
no-question = this beat asks no question
already-answered = answered already; → goes on
empty-answer = type an answer first (Esc closes the line)
right = right!
wrong-once = not quite: read the hint and try once more
gave-up = not this time; the answer is in the text
empty-sentence = an empty sentence has nothing to run; type a few characters (Esc closes)
kept-lesson-sentences-note = (this beat is about the lesson's own sentences, shown here; yours return on the next beat that is not)
reordered-sentence-note = (this beat needs the same tokens in two orders: batch row 1 here is batch row 0's tokens reversed; the sentences return on the next beat that does not need this)
own-sentences-note = (your sentences: every number and word on screen, and in the prose, is from them; the few beats that need the lesson's own sentences say so)
sentences-run = running your sentences; the prose follows them
same-reversed-note = (this beat needs the same tokens in two orders, but your first sentence reads the same reversed: it shows the lesson's sentences; yours return on the next beat that does not need this)
sentences-set-lesson-runs = your sentences are set; this beat runs the lesson's own, and yours return on the next beat that does not
sentences-run-reordered = running your first sentence and its tokens reversed; the prose follows them
sentences-set-same-reversed = your sentences are set; your first sentence reads the same reversed, so this beat runs the lesson's
your-sentence = your sentence:{" "}
sentence-hint = Enter runs it (`;` between sentences), Ctrl-U clears, Esc closes
right-by-position = right! position { $n } is { $token }
position-ambiguous = { $n } is { $from_0 } counted from 0, { $from_1 } counted from 1: which? type `{ $n } ({ $from_0 })`, `{ $n_1 } ({ $from_1 })` or the token
sentence-refused = not run: { $why }
cannot-open = cannot open `{ $id }`: { $why }
status-place = {" "}{ $lesson } beat { $beat }/{ $beats } · engine op { $op }/{ $last_op }{" "}
computing-in-background = The keys work meanwhile: move on, or wait and it appears here.
computing-view = computing beat { $beat }’s { $view } view…
computing-done = { $percent }% done
computing-failed = This view could not be computed (an internal error); the rest of the tutor still works.
status-place-list = {" "}lesson list · lesson { $at } of { $lessons }{" "}
and-svg = {" "}and ./{ $path }
wrote = wrote ./{ $path }{ $what }
could-not-write = could not write { $path }: { $why }

## src/strings/suggest.rs

did-you-mean = ; did you mean { $of_quoted }?

## src/strings/train_screen.rs

# What stops the run, on every screen (app/bindings.rs's training rows join them to one line;
# Ctrl-C is SIGINT's key: like the signal, it writes nothing).
hint-train-save = stop and save the weights trained so far
hint-train-interrupt = stop, write nothing
train-step-zero = step 0
train-run-title = {" "}Run{" "}
train-step = step
# The loss row, and the name over the loss curve's y axis.
train-loss = loss
train-lr = learning rate
train-speed = speed
train-elapsed = elapsed
train-time-left = time left
train-grad-norm = gradient norm
train-exact-match = exact match
train-token-accuracy = token accuracy
train-attention-title = {" "}Cross-attention{" "}
train-attention-pending = computing the attention of 我有一只猫 → I have a cat …
train-nothing-yet = (nothing yet)
train-model-says-wide = the model now says{"  "}
train-reference-says-wide = the reference says{"  "}
train-attention-learns = At first every row reads all the characters alike; as the model learns, the row writing cat reads 猫.
train-model-says = the model now says:
train-reference = the reference:
train-key-rows = rows: input → next word
train-key-columns = columns: characters read
train-key-highlight = highlight: row's largest
train-loss-title = {" "}Training loss (mean of every { $every } steps){" "}
steps-per-sec = { $v } steps/s
heldout-at = held-out, at step { $step }
heldout-every = held-out (every { $steps } steps)
train-parameters = { $count } parameters
train-batch-seed = batch { $batch } pairs, seed { $seed }
train-attention-title-2 = {" "}Cross-attention of { $src } → { $reference }{" "}
train-attention-title-wide = {" "}Cross-attention of { $src } → { $reference } (dec.{ $layer }.cross_attn.weights, mean of { $heads } heads){" "}
train-attention-how-to-read = Rows: the decoder's input → the word it writes next; columns: the characters it reads; highlighted: each row's largest weight. The { $last } row writes nothing (training never asks it to).
train-too-small =
    The terminal is { $width }x{ $height }.
    Please enlarge the terminal to at least { $min_width }x{ $min_height } to watch the training.
    { $progress }
    { $footer }
train-finishing = evaluating the held-out pairs and writing { $out } …
train-finished = finished; wrote { $out }. Press any key to close
stopped-by-signal-number = signal { $n }
and-more = {" "}and { $n } more
fine-tune-lacks-tokens = cannot fine-tune { $label }: its vocabularies lack { $missing } of the corpus's tokens ({ $shown }{ $more }); `train --weights` needs a model whose vocabularies hold the corpus (`transformer-tutor corpus` lists them)
cannot-score-too-long = { $command } cannot score this model: its max_len is { $max_len }, but the held-out pairs' longest sentence takes { $longest } positions
fine-tune-too-long = cannot fine-tune { $label }: its max_len is { $max_len }, but the corpus's longest sentence takes { $longest } positions
train-start = { $what }: { $params } parameters, { $steps } steps of { $batch } pairs, seed { $seed }
train-progress = step { $step }/{ $steps }  loss { $mean }  lr { $lr }  { $rate } steps/s  { $elapsed }s elapsed, { $left }s left
train-diverged = training diverged: { $what } is not a finite number after step { $step }; nothing was written, { $out } is as it was (a weight too large to compute with? try the shipped weights or a fresh start)
loss-value = the loss ({ $loss })
cannot-score-overflow = this model cannot be scored on the corpus: { $why }

## src/strings/translate.rs

# Before the greedy translation's words, each with its probability.
translate-greedy = each word with its probability:{" "}
translate-no-pattern = this sentence is none of the training corpus's patterns
# `translate` on a model that has no generation settings of its own.
translate-needs-model = --beams needs --model DIR, a loaded translator
translate-sampled = sampled at temperature { $temperature }, seed { $seed }:{" "}
translate-outside-corpus = { $reason }; the model knows only that corpus, { $characters } source characters in { $patterns } sentence patterns (`transformer-tutor corpus` lists them), so this translation is a guess
# $tokens: the pieces generated; with one there is no "then", with none no first piece either.
translate-timings = load { $ms_load }, encode { $ms_encode }, decode { $ms_decode } { $tokens ->
        [0] (no piece generated)
        [1] (1 piece): the only piece { $ms_first } (it also computes the source's keys and values for every cross-attention)
       *[other] ({ $tokens } pieces, { $rate } pieces/s): the first piece { $ms_first } (it also computes the source's keys and values for every cross-attention), then { $ms_each } a piece
    }

## src/strings/views.rs

# What `{masked-keys}` says when a mask hides no key from the row (answered as `none`, 无 or 没有).
no-keys-hidden = none
tokens-label = tokens
sizes-heading = vocab_size: tokens known · max_len: longest sentence
pipeline-heading = the forward pass, note 001 §1 (✓ computed · ▶ here · not yet)
stage-embed = a table row per id
stage-x = X = embedding + PE
stage-x-scaled = X = embedding·√d + PE
stage-tgt-mask = padding AND causal
stage-tgt-mask-causal = causal; no target padding mask
stage-memory = memory C, read by cross-attn
stage-logits = Linear to the vocabulary
stage-probs = softmax: next-word odds
params-heading = parameters per block (PyTorch names), counted from the loaded weights
total = total
params-same-table = { $name } is { $first }, one table counted once
rnn-formula = an RNN: h_t = tanh(W_x·x_t + W_h·h_{"{"}t−1{"}"}), one step per token
rnn-table-heading = ‖∂h_T/∂h_{"{"}T−k{"}"}‖: how much h_{"{"}T−k{"}"} can still move h_T
rnn-log-scale = bars: 1e-6 (empty) … 1e2 (full)
token = token
widths-heading = the widths: d_k for queries and keys, d_v for values
widths-note = note 002 lets q and k be narrower than v (qk_dim): only the context's width would follow v
decoder-reads = the decoder reads:{" "}
chosen = appended:{" "}
answer-first = … (answer first)
# A fact of a lesson's prose that names a sentence or position the learner's own sentences lack.
fact-not-in-sentences = (not in these sentences)
decoding-ends = {"  "}(decoding ends here)
# A decoding fact for a step after `<eos>` (other weights may stop sooner).
decoding-had-ended = (decoding had ended)
# Under the decode view's whole translation when the screens stopped it before the model's max_length.
decoding-stopped-short = (no </s> yet: the screens stop at { $limit } positions; `translate` goes on to { $max } positions)
# `{embed-scale}` for a model that adds the positions to the embeddings as they are.
embed-unscaled = left as they are (no scale)
token-unit-character = character
token-unit-characters = characters
token-unit-word = word
token-unit-words = words
token-unit-piece = piece
token-unit-pieces = pieces
row-label = row { $b }
ids-row = {"    "}{ $stage }, row { $b }: { $ids }
stage-src-ids = source ids, <pad> = { $pad }
stage-tgt-ids = target ids, from { $start }
stage-encoder = encoder layer { $layer } of 0–{ $last }
stage-decoder = decoder layer { $layer } of 0–{ $last }, reads C
rnn-sentence = on { $sentence }: T = { $t }, x_t = row t of src.x (width { $d }), W_h = gain × random orthogonal
rnn-path = RNN:        { $first } reaches { $last } after { $steps } steps, through { $steps } products with W_h
attention-path = attention:  { $last } reads { $first } in 1 step, with weight { $weight } (enc.0, mean of heads)
gain-label = gain { $gain }
rnn-bars-heading = from { $first } to { $last }, ‖∂h_T/∂h_1‖ (log scale)
norm-compare-heading = { $name } { $shape } normalised three ways (x̂, before γ and β)
norm-compare-axes = LayerNorm: each token over its { $d } features · BatchNorm: each feature over { $b }×{ $t } positions
bn-pad-note = <pad> positions in BatchNorm's averages: { $pads } of { $positions }
bn-shift-note = leave them out and feature { $feature }'s mean moves from { $with_pad } to { $without } ({ $shift }): the batch decides
fused-heading = note 003's fused projection: W_qkv = [W_q; W_k; W_v], ({ $rows }, { $d })
fused-product = { $x } { $x_shape } · W_qkvᵀ + b_qkv  →  { $out }, one product instead of three
fused-columns = columns { $from }–{ $to }
max-diff = largest difference { $diff }
scores-widths = scores  = q { $q } · kᵀ (k { $k })  →  { $scores }: d_k = { $dk } is summed away
context-widths = context = weights { $weights } · v { $v }  →  { $context }: each head's width is d_v = { $dv }
next-word-heading = next word, read off position { $position } ({ $word }): the five most probable
cross-heading = where position { $position } ({ $word }) looked in the source: dec.{ $layer }.cross_attn, mean of heads
embed-scaled = multiplied by √d_model = √{ $d_model }

## src/strings/what_if.rs

what-if-off = what-if off: the model as taught
as-taught = as taught
what-if = what if
# Heads the what-if's own steps in the shape trace.
what-if-trace = what if:
no-nan = no NaN anywhere: no query row is fully masked here
drift-std = per-token std
drift-std-taught = taught
drift-std-variant = variant
trained-not-dialed = no checkpoint is on the training dial, so both sides would be the same model: turn training time back (- on the screen, --at-step N on the command line) and this what-if puts the trained model beside that step
untrained-is-the-dial = the training dial is at step 0, where training starts: the model on screen is the untrained one, so both sides would be the same model; move training time forward (+) and this what-if puts step 0 beside that step
trained-not-shipped = this session's model is not where the shipped training run ends (--random-weights or --weights), so there is no trained model of that run to put beside the checkpoint
at-dial-step = at step { $step }
what-if-on = what if: { $title } (v: next, V: previous)
what-if-pane-title = {" "}what if: { $title_v } · v/V{" "}
forked-at = forked at op { $kept } `{ $first }`: { $kept } tensors before it kept, { $recomputed } computed anew
cannot-run = this variant cannot run: { $message }
before-the-fork = `{ $name }` comes before the fork at op { $kept }: the variant kept this very tensor (step on with . to where they differ)
forked-nowhere = no fork: on this model the variant's program is the taught one's, all { $kept } tensors kept
same-program = `{ $name }` is the taught model's own: on this model the variant changes no operation
variant-has-no-op = this variant has no `{ $name }`
hidden-weight = { $name }: weight per row on keys the taught mask hides { $taught } → { $variant }
nan-spread = NaN first in { $first } ({ $first_nan } of { $first_len }); { $ops } ops hold NaN; probs: { $probs_nan } of { $probs_len } NaN
source-blind = every source token → <unk>: probs move by at most { $variant } here, { $taught } in the taught model
pad-rows-only = dec.0.self_attn.weights: real query rows differ by { $real }, <pad> query rows by { $pad }
# Note 002's qk_dim, attention block $block, taught → what-if: q and k $q → $q_2 scaled by
# 1/√$dk → 1/√$dk_2; the scores $scores → $scores_2; the context $context → $context_2.
qk-widths = { $block }: q, k { $q } → { $q_2 }, scale 1/√{ $dk } → 1/√{ $dk_2 }; scores { $scores } → { $scores_2 }; context { $context } → { $context_2 }
other-weights = the same program and sentences with the weights training started from (random, seed { $seed }: step 0 of the shipped run); all { $computed } tensors computed anew
trained-beside = the same program and sentences with the trained weights, beside the model after { $step } steps on the dial; all { $computed } tensors computed anew
trained-is-the-checkpoint = step { $step } is the end of training: this checkpoint is the trained model, so both sides are the same; turn the dial further back (-) to compare
attention-trained = { $name }: mean row max { $a } → { $b }, entropy { $a_2 } → { $b_2 } nats (trained: { $verdict })

## src/strings/what_if_weights.rs

what-if-untrained-with-random = random weights are an untrained model already, so --what-if untrained (the shipped training run's step 0) would put one untrained model beside another; use it on the trained model, without --random-weights or --preset
what-if-untrained-at-zero = --at-step 0 already shows the untrained model, so --what-if untrained would put it beside itself; leave out --at-step, or choose a later step
what-if-trained-needs-step = --what-if trained puts the trained model beside an earlier checkpoint of its training, and without --at-step both sides would be the trained model; add --at-step { $steps }
what-if-trained-at-end = --at-step { $last } is where training ends, so --what-if trained would put the trained model beside itself; choose an earlier step ({ $steps })
what-if-untrained-with-preset = --preset { $preset } has no trained weights and starts random, an untrained model already, so --what-if untrained would put one untrained model beside another; use it with the tutor preset's trained model

## src/strings/files.rs

read-kind-a-fifo-named-pipe = a FIFO (named pipe)
read-kind-a-device = a device
read-kind-a-socket = a socket
read-kind-a-directory = a directory
read-kind-not-a-file = not a file
write-kind-a-directory = a directory
write-kind-a-pipe-fifo = a pipe (FIFO)
write-kind-a-device = a device
write-kind-a-socket = a socket
write-kind-a-special-file = a special file

## src/strings/ideas.rs

idea-names-why-attention = why attention
idea-names-the-workflow = the workflow
idea-names-tokens = tokens
idea-names-token-embedding = token embedding
idea-names-positional-encoding = positional encoding
idea-names-self-attention = self-attention
idea-names-multi-head-attention = multi-head attention
idea-names-masks = masks
idea-names-add-norm = Add & Norm
idea-names-the-feed-forward-network = the feed-forward network
idea-names-the-encoder = the encoder
idea-names-the-decoder = the decoder
idea-names-the-output = the output
idea-names-the-whole-model = the whole model

## src/strings/keys.rs

terms-terms = terms

## src/strings/marian_files.rs

purpose-the-sentencepiece-model-that = the SentencePiece model that cuts the source sentence into pieces
purpose-the-sentencepiece-model-of = the SentencePiece model of the translation's language
purpose-the-list-of-every = the list of every piece's id, as the model was trained
purpose-the-tokenizer-s-settings = the tokenizer's settings

## src/strings/probe.rs

alignment-how-word-the-character-weighted = word → the source token weighted most by the row that predicts it
best-in-layer-best-head-in-layer = ← best head in layer
patching-needs-two-patching-needs-two-source = Patching needs two source sentences (e: 他有一只猫 ; 你有一只猫)

## src/strings/status.rs

no-grid-this-view-has-no = this view has no grid to write: X writes heatmap, softmax, mask, ablation and alignment views

## src/strings/views.rs

norm-compare-columns-before-mean-std = before mean/std
norm-compare-columns-layernorm = LayerNorm
norm-compare-columns-batchnorm = BatchNorm
activation-name-relu = ReLU
activation-name-silu-swish = SiLU (swish)
activation-name-gelu = GELU
output-weights-the-target-embedding-table = the target embedding table itself, transposed (tied, not a copy)
output-weights-a-matrix-of-its = a matrix of its own, learned apart from the embedding tables

## src/strings/weights_file.rs

size-said-the-source-vocabulary = the source vocabulary
size-said-the-target-vocabulary = the target vocabulary
read-from-the-columns-of-src = the columns of `src_embed.weight`
read-from-the-rows-of-encoder = the rows of `encoder.layers.0.ffn.linear1.weight`
read-from-the-rows-of-src = the rows of `src_embed.weight`
read-from-the-rows-of-tgt = the rows of `tgt_embed.weight`

## src/strings/grids.rs (part 2)

# What an axis of a grid runs over, in the grid's axes line (`rows: … · cols: …`).
axis-source-token = source token
axis-target-token = target token
axis-feature = feature
axis-vocabulary-word = vocabulary word
axis-position = position
axis-head = head
axis-broadcast = (broadcast)
# Under a list cut by a short pane: $above and $below count the items not shown; $what names
# them (lines, rows, tokens…), used as it is, never made singular.
more-below = … { $below } more { $what } below
more-above = … { $above } more { $what } above
more-above-and-below = … { $above } more { $what } above, { $below } below
# `1 row`, `3 rows`: $rows_below of more-rows, $rows_above of rows-above-below.
rows-count =
    { $n ->
        [one] { $n } row
       *[other] { $n } rows
    }
# Over a grid cut at the right: $n columns are not shown.
more-columns =
    { $n ->
        [one] … { $n } more column
       *[other] … { $n } more columns
    }
# The LayerNorm table's column headings, one per line, longest first: the view takes the first
# that fits its column.
ln-col-sublayer =
    sublayer(x)
    sublayer
    sub(x)
ln-col-sum =
    x+sublayer
    x+sub

## src/strings/probe.rs (part 2)

# The column headings of `probe heads`'s table.
heads-column-rank = rank
heads-column-block = block
heads-column-head = head
heads-column-exact-match = exact match
heads-column-drop = drop
heads-column-loss = loss
heads-column-rise = rise
# The column headings of `probe align`'s table and the alignment view's (AER: alignment error rate).
align-column-block = block
align-column-head = head
align-column-aer = AER
align-column-precision = precision
align-column-recall = recall
# The three models a head ablation compares; $head is the head's number.
ablation-whole-model = whole model
ablation-head-out = head { $head } out
ablation-head-alone = head { $head } alone
# The ablation view's held-out lines: their heading ($pairs held-out sentence pairs) and the
# headings of its two columns.
ablation-held-out-title = on the { $pairs } held-out pairs:
ablation-held-out-exact-match = exact match
ablation-held-out-loss = loss
# The sublayer a logit-lens stream comes after ($sub of lens-after).
lens-sublayer-self-attention = self-attention
lens-sublayer-cross-attention = cross-attention
lens-sublayer-feed-forward = feed-forward
# Under the contributions table: $top_weight is the key with the largest weight, $top_norm the
# key that adds the most (-same: they are one key).
contributions-summary-same = { $top_weight } gets the largest weight and adds the most
contributions-summary-differ = { $top_weight } gets the largest weight, but { $top_norm } adds the most

## src/strings/derive.rs (part 2)

# A padding-mask cell: $side is src or tgt, $position the token's position, $id its token id.
derive-pad-flag-is-pad = { $side }_ids[{ $position }] = { $id }, which is <pad>: 0
derive-pad-flag-not-pad = { $side }_ids[{ $position }] = { $id }, which is not <pad>: 1
# A causal-mask cell in query row $query, key column $key.
derive-causal-visible = query { $query }, key { $key }: key ≤ query: 1 (visible)
derive-causal-hidden = query { $query }, key { $key }: key > query, the future: 0 (hidden)
# A masked score: $mask is the mask's name, $m its value in this cell, $score the score, $v the
# cell's value (-multiplied: the what-if that multiplies scores by the mask).
derive-mask-multiplied = score { $score } × { $mask } { $m } = { $v }
derive-mask-replaced = { $mask } is 0 here: the score { $score } is replaced by { $v }
derive-mask-passes = { $mask } is 1 here: the score { $score } passes
# A softmax cell's derivation, its first and third lines: $input is the tensor, $x the cell,
# $max its row's largest value, $n the row's cells, $sum the sum of exp(x − max).
derive-softmax-cell = this cell of { $input } is { $x }; its row's max is { $max }
derive-softmax-sum = Σ over the row's { $n } cells of exp(x − max) = { $sum }
# A cell after the head mask: head $head kept or taken out; $input is the tensor it reads.
derive-head-kept = head { $head } is kept: the value of { $input }
derive-head-removed = head { $head } is taken out: 0 in place of { $input }
# How the decode view chooses each word; $t is the temperature.
decoding-greedy = decoding: greedy, the most probable word each step
decoding-sampled = decoding: sampled from softmax(logits / { $t }), seed 0 (t: next)

## src/strings/views.rs (part 2)

# How the tokens view's sentence is cut into tokens: $how of tokens-view-heading.
tokenised-by-character = by character
tokenised-by-word = by word
tokenised-by-pieces = by SentencePiece subword pieces
# The tokens view's heading: $side is the sentence (side-source or side-target), $how one of the
# tokenised-by-* above, $pad the id of <pad>.
tokens-view-heading = { $side } · tokenised { $how } · <pad> = { $pad } pads each row
# The kv-cache view: $source is the source sentence.
kv-heading = key/value cache, greedy decoding of { $source } (times measured now)
kv-step = step
kv-reads = reads
kv-keys = cached keys (B, H, t, d_k)
kv-with = with cache
kv-without = without
kv-once = computed once, before step 0: the encoder, and each layer's cross-attention keys and values
kv-query-heading = step { $step }'s one query row against the cached keys, decoder layer 0, mean of heads
# The decode view's heading: $source is the source sentence, $step the step shown of 0 to $last.
decode-heading-greedy = greedy decoding of { $source }: step { $step } of 0–{ $last }
decode-heading-sampled = sampled decoding of { $source }: step { $step } of 0–{ $last }
# `{positions}` in a lesson's prose: how the positional table lays out sin and cos ($sin and
# $cos count the columns of each half).
position-layout-interleaved = interleaved: sin in the even columns, cos in the odd ones
position-layout-halves = in two halves: sin in the first { $sin } columns, cos in the last { $cos }
# `{vocabulary}` in a lesson's prose: $src and $tgt count the source and target vocabularies.
vocabulary-shared-pieces = one vocabulary of { $tgt } subword pieces shared by both languages, ▁ marking where a word starts
vocabulary-shared = one vocabulary of { $tgt } tokens shared by both sides
vocabulary-separate = two vocabularies, { $src } source tokens and { $tgt } target tokens

## src/strings/learning.rs (part 2)

# Under a gradient view's grid: what its numbers are; $e is the power of ten they are printed in.
gradient-legend-plain = each number is ∂L/∂ that cell: how the loss moves per unit change of it
gradient-legend-scaled = each number ×1e{ $e } is ∂L/∂ that cell: how the loss moves per unit change of it
# The loss table's column headings: the position, the token it reads, its label, the label's
# probability (the fifth, −log p, is a formula).
loss-column-position = pos
loss-column-reads = reads
loss-column-label = label
loss-column-p-label = p(label)
# $zero of logits-grad-pad-row: whether the <pad> row's gradient is 0 in every cell.
logits-grad-pad-all-zero = every cell is 0
logits-grad-pad-not-all-zero = yet some cell is not 0
# The grad-flow table's column headings.
grad-flow-column-layer = layer
grad-flow-column-input = its input
grad-flow-column-all-paths = all paths
grad-flow-column-sublayers = sublayers only
# The embed-grad table's column headings: the token id, its word, how many positions read it.
embed-grad-column-id = id
embed-grad-column-word = word
embed-grad-column-positions = positions
# The words the batch reads whose gradient is exactly 0: $words, each an embed-grad-zero-word,
# joined by embed-grad-zero-separator.
embed-grad-zero-words = read by the batch, gradient exactly 0: { $words }
embed-grad-zero-words-tied = read by the batch, no gradient through the lookups: { $words }
embed-grad-zero-separator = {", "}
# The adam-step view, line by line. Its title: $param is the weight tensor, $at the weight's
# index in it (-cursor: the cursor is on; -chosen: chosen with it; -largest: the largest gradient).
adam-step-title-cursor = One step for { $param }{ $at }, the weight under the cursor (←↑↓→ move it)
adam-step-title-chosen = One step for { $param }{ $at }, the weight you chose (c: choose another)
adam-step-title-largest = One step for { $param }{ $at }, its weight with the largest |∂L/∂w| (c: choose another)
adam-step-gradient-heading = Where the gradient comes from
# The next three lines line up their formulas: $grad is ∂L/∂w from the backward pass, $h the
# finite difference's step, $plus and $minus the losses L(w+h) and L(w−h), $estimate their slope.
adam-step-backward = {"  "}backward pass      ∂L/∂w = { $grad }
adam-step-finite-difference = {"  "}finite difference  (L(w+h) − L(w−h)) / 2h, h = { $h }, in float64
adam-step-finite-difference-f32 = {"  "}finite difference  (L(w+h) − L(w−h)) / 2h, h = { $h }, the model's own float32 forward
adam-step-estimate = {"                     "}({ $plus } − { $minus }) / (2·{ $h }) = { $estimate }
adam-step-adam-heading = Adam's first step (β1 = 0.9, β2 = 0.98, m and v start at 0)
# $clip is the factor the whole gradient was scaled by.
adam-step-not-clipped = {"  "}g = ∂L/∂w (the whole gradient is no longer than 1: not clipped)
adam-step-clipped = {"  "}g = ∂L/∂w × { $clip } (the whole gradient clipped to length 1)
# $step is the step the weight takes.
adam-step-step = {"  "}step = lr·m̂ / (√v̂ + ε) = { $lr } × { $m_hat } / (√{ $v_hat } + { $eps }) = { $step }
# The weight before and after its step.
adam-step-weight = {"  "}w: { $before } → { $after }
adam-step-loss-heading = Every weight takes its step; the loss on this batch: { $loss_before } → { $loss_after }
# Why the loss moved as it did after the step.
# `{sentence-count …}` in lesson prose: the batch's count with its noun.
count-sentences =
    { $n ->
        [one] { $n } sentence
       *[other] { $n } sentences
    }
count-sentence-pairs =
    { $n ->
        [one] { $n } sentence pair
       *[other] { $n } sentence pairs
    }
count-rows =
    { $n ->
        [one] { $n } row
       *[other] { $n } rows
    }
loss-direction-rises = rises
loss-direction-falls = falls
loss-direction-unchanged = stays the same
loss-direction-not-finite = is not a finite number
adam-step-loss-not-finite = A loss that is not a finite number cannot be compared: the weights have overflowed.
adam-step-loss-rose = It rose: this first step moves every weight by about lr at once, whether the loss cares about that weight or not, and all those moves together overshoot. Warm-up keeps the first steps small for this reason.
adam-step-loss-fell = It fell: every weight moved a little against its own gradient, and the loss on this batch went down.
adam-step-loss-unchanged = It is unchanged to three decimals: the steps were too small to show here.

## src/strings/train_screen.rs (part 2)

# The training screen after the learner asked to stop: $step of $total; $loss is the last loss.
training-continues-with-loss = Training continues: step { $step } / { $total }, loss { $loss }.
training-continues = Training continues: step { $step } / { $total }.
# A run stopped by $by (Ctrl-C, or a signal) after step $step of $total; $out is the output file,
# as it was (-kept) or never created.
train-stopped-file-kept = stopped by { $by } after step { $step } of { $total }; nothing was written: { $out } is as it was
train-stopped-file-not-created = stopped by { $by } after step { $step } of { $total }; nothing was written: { $out } was not created
# A model to fine-tune whose vocabulary lacks $count of the corpus's tokens: $shown lists some,
# $more is and-more or nothing.
vocabulary-lacks-source-characters = its source vocabulary lacks { $count } of the corpus's characters ({ $shown }{ $more })
vocabulary-lacks-target-words = its target vocabulary lacks { $count } of its words ({ $shown }{ $more })
# A model that cannot be scored: $lacks says what it lacks (joined by cannot-score-separator);
# $command is the command that asked.
cannot-score-lacks = this model cannot be scored on the corpus: { $lacks }; `{ $command }` needs a model with the corpus's vocabularies (as `train` writes them)
cannot-score-separator = {", and "}
# One split's scores: $split (eval-split-*), $pairs sentence pairs, exact match in percent
# ($exact pairs), token accuracy in percent.
eval-split-held-out = held-out
eval-split-training = training
eval-line = { $split }: { $pairs } pairs, exact match { $exact_pct }% ({ $exact }), token accuracy { $token_pct }%
# What is being trained: $from is the weights file fine-tuned.
training-what-fine-tuning = fine-tuning { $from }
training-what-tutor-model = training the tutor model
# How training ended: $what is train-done-fine-tuned or train-done-trained, $step of $steps steps
# in $secs seconds, $stopped is train-done-stopped-early or nothing; $out is the file written.
train-done-fine-tuned = fine-tuned { $from } for
train-done-trained = trained
train-done-stopped-early = {" "}(stopped early)
train-done = { $what } { $step } of { $steps } steps in { $secs }s{ $stopped }; held-out exact match { $exact_pct }%, token accuracy { $token_pct }%; wrote { $out }

## src/strings/what_if.rs (part 2)

# What a what-if variant changes, in a few words.
variant-title-no-scale = no 1/√d_k: scores = q·kᵀ unscaled
variant-title-no-causal-mask = no causal mask in the decoder
variant-title-minus-infinity = -inf instead of -1e9, with note 000's q & k padding mask
variant-title-mask-off = no mask at all
variant-title-multiplied-mask = scores × mask, as note 001 §5.1 says
variant-title-pre-ln = pre-LN: x + sublayer(LayerNorm(x)), same weights
variant-title-no-norm = no LayerNorm
variant-title-no-residual = no residual connections
variant-title-dropped-norm = note 000: the encoder's first Add & Norm thrown away
variant-title-decoder-without-cross = note 000: decoder layers built from EncoderLayer
variant-title-repeat-len-k = note 000: k mask repeated len_k times, not len_q
variant-title-ffn-residual-before-cross = note 004: FFN residual from before cross-attention
variant-title-tgt-mask-no-padding = note 002: target mask without its padding part
variant-title-half-qk = note 002's qk_dim: q, k half as wide, v as taught
variant-title-eps-1e-10 = note 000: LayerNorm eps = 1e-10
variant-title-forward-in-init = note 000: forward indented inside __init__
variant-title-untrained = the untrained model (training step 0)
variant-title-trained = the trained model beside the dial's step
# The softmax view's label for a variant's rows (short: it heads half a pane); $title is the
# variant's title.
variant-label = what if: { $title }
variant-label-trained = what if: the trained model
# Attention $name without 1/√d_k against as taught: mean row max $a → $b, entropy $a_2 → $b_2;
# $verdict is no-scale-sharper or no-scale-not-sharper.
no-scale-sharpness = { $name }: mean row max { $a } → { $b }, entropy { $a_2 } → { $b_2 } nats ({ $verdict } without 1/√d_k)
no-scale-sharper = sharper
no-scale-not-sharper = not sharper
# The same for the untrained model; $verdict is untrained-flatter or untrained-not-flatter.
untrained-flatness = { $name }: mean row max { $a } → { $b }, entropy { $a_2 } → { $b_2 } nats (untrained: { $verdict })
untrained-flatter = flatter, nothing learned to look at
untrained-not-flatter = not flatter
# $verdict of attention-trained: the trained model's attention against the dial's checkpoint.
trained-sharper = sharper: training taught it where to look
trained-flatter = flatter
trained-about-as-sharp = about as sharp
# No prediction changed of $total.
predictions-all-same = predictions: all { $total } the same
# $changed of $total predictions change: $shown lists up to three (prediction-change, joined by
# predictions-separator); $more is predictions-and-more when more changed, else nothing.
predictions-changed = { $changed } of { $total } predictions change: { $shown }{ $more }
# One changed prediction: batch row $row, position $pos, the word $from became $to.
prediction-change = row { $row } pos { $pos } { $from } → { $to }
predictions-separator = {", "}
predictions-and-more = {", …"}
# Tensor $name's largest difference from as taught; $d is already formatted.
max-difference = { $name }: largest difference { $d }

## src/strings/lesson_pane.rs (part 2)

# The lesson pane's bottom border when its prose is taller than the pane: where more lies and
# the keys that scroll it (-focused: the pane has focus, so ↑/↓ scroll it). A blank at each end.
prose-more-below = {" "}↓ more: PgDn (or Tab here, ↓){" "}
prose-more-below-focused = {" "}↓ more: ↓ or PgDn{" "}
prose-more-above = {" "}↑ more above: PgUp{" "}
prose-more-above-focused = {" "}↑ more above: ↑ or PgUp{" "}
prose-more-both = {" "}↑↓ more: PgUp / PgDn{" "}
prose-more-both-focused = {" "}↑↓ more: ↑/↓ or PgUp/PgDn{" "}
# In the lesson list: $answered of the lesson's $questions questions are finished.
list-questions =
    { $answered }/{ $questions } { $questions ->
        [one] question
       *[other] questions
    }
# The status bar when --reset-progress ran while this tutor was running: of all progress, or of
# the lessons $lessons (joined by progress-lessons-separator).
progress-reset-meanwhile-all = progress was reset (--reset-progress) while this tutor ran: of it, only what you did since is kept
progress-reset-meanwhile-lessons = progress of { $lessons } was reset (--reset-progress) while this tutor ran: of it, only what you did since is kept
progress-lessons-separator = {", "}
# `--reset-progress --lesson ID` with no progress saved for lesson $id in $path; $saved lists the
# lessons that have some (joined by progress-lessons-separator).
progress-lesson-nothing-to-clear-none = no saved progress for lesson `{ $id }` at { $path } (none for any lesson); nothing to clear
progress-lesson-nothing-to-clear-others = no saved progress for lesson `{ $id }` at { $path }; nothing to clear (progress is saved for { $saved })
# `--lesson ID` that names no lesson: every lesson's id ($ids, joined by lesson-ids-separator), or
# $did_you_mean (did-you-mean with the ids close to it).
no-lesson-listed = no lesson `{ $id }`; the lessons are: { $ids } (see --list)
no-lesson-near = no lesson `{ $id }`{ $did_you_mean }
lesson-ids-separator = {", "}

## src/strings/derive_gradient.rs (part 2)

# The head of one path a gradient comes back by: $consumer is the operation that read the tensor,
# $kind its kind (-shared: other operations read it too; -straight: the path is the residual's
# identity, x in x + sublayer(x)).
grad-path-shared = path back through { $consumer } ({ $kind }):
grad-path-shared-straight = path back through { $consumer } ({ $kind }), the residual's straight path:
grad-path-only = only { $consumer } ({ $kind }) reads it, so all of it comes back that way:
grad-path-only-straight = only { $consumer } ({ $kind }) reads it, so all of it comes back that way, the residual's straight path:

## src/strings/status.rs (part 2)

# → on a lesson's last beat: from lesson $left to lesson $next (-unfinished: $left still has
# beats unseen or questions open).
next-lesson-finished = `{ $left }` done; on to `{ $next }`
next-lesson-unfinished = on to `{ $next }`; `{ $left }` is not finished (L shows what is left)

## src/strings/dial.rs (part 2)

# The dial pane: the training loss of the step that made the checkpoint ($loss, already formatted).
dial-loss = batch loss { $loss }
dial-no-step-yet = no step taken yet

## src/strings/ideas.rs (part 2)

# The notes' ideas a lesson teaches: $count of them, their numbers $numbers (joined by
# ideas-numbers-separator, the last two by ideas-numbers-last-separator) and their names $names
# (joined by ideas-names-separator).
lesson-ideas =
    { $count ->
        [one] the notes' idea { $numbers }: { $names }
       *[other] the notes' ideas { $numbers }: { $names }
    }
ideas-numbers-separator = {", "}
ideas-numbers-last-separator = {" and "}
ideas-names-separator = {", "}

## src/strings/glossary.rs (part 2)

# A language named in this file's words: $code is its code (`--lang`), $own its name in its own
# words (a language without a variant here is called by its own name).
language-called = { $code ->
    [en] English
    [zh] Chinese
   *[other] { $own }
}
# A language in no-language's list: its $code and $name (in its own words).
language-choice = { $code } ({ $name })
# The glossary's other column headings: the note and the lesson where a term is taught.
glossary-column-note = note
glossary-column-lesson = lesson
# The op kind whose code computes the term (the code pane's lines, `p`).
glossary-column-code = code
# The glossary overlay, below the terms, for a selected term whose op kind ($kind, such as
# cross-entropy) this run does not compute.
glossary-code-elsewhere = this run has no { $kind } op: open a lesson whose run has one and press p on it

## src/strings/keys.rs (part 2)

# The status line after `z` switched to this language; $next is the own name of the
# language `z` switches to next.
language-now = English: every screen and the lesson's prose (z: { $next })

## src/strings/frame.rs (part 2)

# A view's name in a pane title: $view is its name in the lesson files (heatmap, mask, softmax,
# layernorm, vector, top-words, tokens, pipeline, params, rnn, norm-compare, fused-qkv, decode,
# loss, grad-flow, embed-grad, adam-step, ablation, logit-lens, contributions, patching,
# alignment), which English shows as it is.
view-name = { $view }
# A pane's title: the tensor $name, its $shape and its $view (view-name). A blank at each end.
tensor-title-named = {" "}{ $name } { $shape } · { $view } view{" "}
shape-scalar = (scalar)
## src/strings/suggest.rs (part 2)

# Between the items of a list: "a, b, c" (also before the last item of one-of).
list-separator = ,{" "}
# A choice among items: $rest is every item but the last, joined by list-separator; $last is the last item.
one-of = { $rest } or { $last }

## src/strings/bilingual.rs (part 2)

# Stands for an empty list of facts in facts-differ-by-language.
facts-list-nothing = nothing
# $only_en, $only_translation: the facts only the English (only the translation) of a lesson field quotes, joined by list-separator, or facts-list-nothing; $language: the translation's language (language-called); $see: where the field is.
facts-differ-by-language = says other facts than the English: the English has { $only_en } that the { $language } lacks, the { $language } has { $only_translation } that the English lacks; both languages quote the same facts from the run { $see }
# $dropped: the numbers, joined by list-separator; $language: the translation's language (language-called); $see: where the field is.
numbers-differ-by-language-list = leaves out { $dropped } that the English writes; a number the English states is written in the { $language } too { $see }

## src/strings/clap_errors.rs (part 2)

# clap's usage errors, said again from the error's parts: $arg is the argument (`--steps`), $value the value given, $valid the values it takes, $did_you_mean a did-you-mean phrase or nothing.
clap-unknown-argument = unknown argument { $arg }{ $did_you_mean }
clap-no-subcommand = no subcommand { $subcommand }{ $did_you_mean }
clap-value-not-accepted = { $arg } does not take { $value }; it takes { $valid }{ $did_you_mean }
clap-value-needed-of = { $arg } needs a value: { $valid }
clap-value-needed = { $arg } needs a value
# The standard library's refusals of a number, as $reason in clap-value-refused.
clap-number-too-large = the number is too large
clap-number-too-small = the number is too small
clap-not-a-whole-number = a whole number goes here
clap-not-a-number = a number goes here
clap-value-empty = it cannot be empty
clap-value-not-wanted = it is not a value this takes
clap-value-refused = the value { $value } of { $arg } will not do: { $reason }
clap-missing-argument = the required argument { $arg } is missing
# On its own line after clap-missing-argument; $usage is the command's syntax.
clap-usage = usage: { $usage }
clap-argument-once = { $arg } can be given only once
clap-argument-conflict = { $arg } cannot be used with { $prior }
clap-wrong-number-of-values = { $arg } has the wrong number of values after it
clap-not-written-so = { $arg } is not written that way

## src/strings/files.rs (part 2)

# $what: what the file is (weights-file, "lesson file"); $path: the file; $reason: the system's error.
file-cannot-open = cannot open { $what } { $path }: { $reason }
# $reason: one of the read-… messages.
file-refused = { $what } { $path }: { $reason }
# $kind: one of the read-kind-… messages.
read-not-regular = it is { $kind }, not a regular file; it was not read
# $size: the file's size in bytes; $limit: the most this reads, as "256 MB".
read-too-large = it is { $size } bytes, more than the { $limit } this program reads; it was not read
read-cannot-open = cannot open it: { $reason }
read-cannot-read = cannot read it: { $reason }
# $reason: the UTF-8 decoder's words.
read-not-utf8 = it is not UTF-8 text ({ $reason })
# The file a refusal to write is about: the path itself, or the file its symlink leads to.
write-subject-it = it
write-subject-target = its target { $target }
# $subject: write-subject-it or write-subject-target; $kind: one of the write-kind-… messages.
write-not-regular = { $subject } is { $kind }, not a regular file; nothing was written
write-read-only = { $subject } is read-only; it was left as it is (make it writable to replace it)
write-no-new-files = the folder { $dir } takes no new files
write-no-folder = there is no folder { $dir }
write-cannot-create = cannot create a file in { $dir }: { $reason }
# $reason: the system's error.
write-failed-old-kept = { $reason } (nothing written: the old file is as it was)
write-failed-none-created = { $reason } (nothing written: no file was created)
write-symlink-loop = { $path }: too many levels of symlinks

## src/strings/input.rs (part 2)

# $side: side-source or side-target; $row: the batch row, from 1; $position: the word's place in it, from 1; $word: the word.
unknown-word-became-unk = { $side } sentence { $row }, word { $position }: `{ $word }` is not in the vocabulary; it became <unk>
unknown-character-became-unk = { $side } sentence { $row }, character { $position }: `{ $word }` is not in the vocabulary; it became <unk>
# Which batch row a message is about ($which of only-padding and target-starts-with-pad): row $row of $rows.
which-row-of-rows = row { $row } of { $rows }
# $which of only-padding when there is one row.
which-row-alone-the-sentence = the sentence
# $which of target-starts-with-pad when there is one row.
which-row-alone-it = it
# $give of only-padding, for a sentence of words or of ids.
only-padding-give-a-word = give it at least one word
only-padding-give-an-id = give it at least one id other than { $pad } (<pad>)
# $begin of target-starts-with-pad, for a sentence of words or of ids ($bos: the id of <bos>).
target-begin-with-a-word = begin it with a word (the model's targets begin with <bos>)
target-begin-with-an-id = begin it with an id other than 0 (the model's targets begin with <bos>, id { $bos })

## src/strings/translate.rs (part 2)

# $count: how many characters; $list: each in backquotes, joined by list-separator.
translate-unknown-characters = { $count ->
        [one] { $list } is not in the training corpus (it became <unk>)
       *[other] { $list } are not in the training corpus (they became <unk>)
    }
# The corpus's sentence patterns (`transformer-tutor corpus`), each with an example in the Chinese.
pattern-counting = counting
pattern-possessive-object = possessive object
pattern-negation = negation
pattern-question = question
pattern-time-word = time word
pattern-place-of-an-action = place of an action
pattern-where-a-thing-is = where a thing is
pattern-adjective = adjective
pattern-chasing = chasing
pattern-noun-phrase = noun phrase
# Before a loaded translator's pieces (one beam).
translate-search-greedy = greedy search; each piece with its probability:{" "}
# Before a loaded translator's pieces; $beams: how many beams, 2 or more.
translate-search-beams = beam search, { $beams } beams; each piece with its probability at its step:{" "}

## src/strings/marian_model.rs (part 2)

marian-config-missing-config-json = the model directory has no config.json, which gives the model's sizes (d_model, layers, heads, vocabulary); download the whole directory
marian-config-missing-file = the model directory has no { $file }
marian-config-unread = cannot read { $file }: { $reason }
marian-config-not-json = { $file } is not a JSON object: { $reason }
marian-config-not-marian = config.json says model_type "{ $model_type }"; only Marian models (model_type "marian", such as Helsinki-NLP/opus-mt-zh-en) are supported
marian-config-no-model-type = config.json has no model_type; only Marian models (model_type "marian") are supported
marian-config-pre-layer-norm = config.json says normalize_before: true, a pre-LN Marian; the tutor computes the post-LN Marian of the notes (normalize_before: false)
# $field: a config key (normalize_embedding, …).
marian-config-extra-norm = config.json says { $field }: true, a LayerNorm this tutor's Marian does not have
marian-config-activation = config.json's activation_function is "{ $name }"; the tutor computes swish (silu), relu and gelu
# What a config field must be ($want of marian-config-field).
marian-config-want-positive-integer = a whole number from 1 up, within the tutor's limits
marian-config-want-integer = a whole number
marian-config-want-boolean = true or false
marian-config-want-number = a number
marian-config-want-id-below = a token id below vocab_size { $vocab_size }
# $file: config.json or generation_config.json; $field: the key; $want: one of the marian-config-want-… messages.
marian-config-field = { $file }: { $field } must be { $want }
# $what: a config size (layers, attention heads); $encoder, $decoder: the two values.
marian-config-unequal = config.json gives the encoder { $encoder } and the decoder { $decoder } { $what }; the tutor computes Marians whose two stacks have the same { $what }
marian-config-heads-do-not-divide = config.json: { $heads } attention heads do not divide d_model { $d_model }
marian-not-a-directory = --model wants a directory (a downloaded Marian model such as opus-mt-zh-en); { $path } is not one
# $label: the message fmt ("model directory"); $name: a tensor's name.
marian-missing-tensor = { $label }: the weights have no `{ $name }` (with or without the `model.` prefix)
# $got, $expected: shapes, as (512, 512).
marian-misshaped = { $label }: `{ $name }` has shape { $got }, but config.json implies { $expected }
marian-not-finite = { $label }: `{ $name }` holds NaN or infinity; weights must be finite numbers
marian-vocab-size = { $label }: vocab.json has { $vocab_json } pieces but config.json's vocab_size is { $config }; they must agree
marian-positions = { $label }: the stored `{ $name }` differs from Marian's sinusoids by up to { $max_difference }; the tutor computes the sinusoids and would not match these weights

## src/strings/marian_files.rs (part 2)

# $name: the file's name; $purpose: one of the purpose-… messages.
marian-file = { $name } ({ $purpose })
# $again of the tokenizer-… messages.
marian-download-again = download it again from the model's Hugging Face page
# $file: marian-file; $dir: the model's folder.
tokenizer-missing = the model folder { $dir } has no { $file }; download it from the model's Hugging Face page into that folder, next to config.json
tokenizer-unread = { $file } { $path }: { $reason }
tokenizer-spm-not-parsed = { $file } is not a SentencePiece model ({ $reason }); it is damaged or another file: { $again }
# $fault: one of the spm-… messages.
tokenizer-spm = { $file }: { $fault }; { $again }
tokenizer-not-json = { $file } is not valid JSON ({ $reason }); { $again }
tokenizer-not-object = { $file } must be one JSON object {"{"}…{"}"}, and it is not; { $again }
tokenizer-vocab-too-large = vocab.json holds more than { $most } pieces, far more than a translation model's vocabulary (opus-mt's has 65001); it was not read
tokenizer-vocab-not-id = vocab.json gives the piece `{ $piece }` the value { $value }, not an id (a whole number from 0); { $again }
# $len: how many pieces vocab.json holds; $last: $len - 1.
tokenizer-vocab-id-out-of-range = vocab.json gives the piece `{ $piece }` the id { $id }, but holds { $len } pieces: the ids must run from 0 to { $last }, each used once; { $again }
tokenizer-vocab-duplicate-id = vocab.json gives the id { $id } to both `{ $first }` and `{ $second }`; each id belongs to one piece; { $again }
tokenizer-vocab-missing-special = vocab.json has no `{ $token }`, a special token the model needs (`</s>` ends every sentence, `<unk>` stands for an unknown piece, `<pad>` starts every translation); { $again }
# $key: the key; $want: one of the tokenizer-want-… messages.
tokenizer-config-value = tokenizer_config.json's `{ $key }` must be { $want }
tokenizer-want-bool = true or false
tokenizer-want-token = a token: a string, or an object with a string `content`
tokenizer-want-tokens = a list of tokens
tokenizer-want-added-tokens = an object of id -> token
# $id: a token id; $config, $vocab: the token tokenizer_config.json and vocab.json give it.
tokenizer-added-token-differs = tokenizer_config.json says token { $id } is `{ $config }`, but vocab.json's token { $id } is `{ $vocab }`; the two files come from different models
tokenizer-added-token-missing = tokenizer_config.json names token { $id } (`{ $config }`), which vocab.json does not have; the two files come from different models
tokenizer-separate-vocabs = tokenizer_config.json sets separate_vocabs: this model has a vocabulary for each language, which this program does not load (the opus-mt models share one vocab.json)
# What is wrong with a SentencePiece model ($fault of tokenizer-spm); $id, $first, $second: piece ids.
spm-not-unigram = it is a { $model_type } model, not a unigram one, as MarianMT's are
spm-no-pieces = it has no pieces
spm-empty-piece = piece { $id } is empty
spm-duplicate-piece = piece { $id } `{ $piece }` is piece { $first } as well
spm-no-unknown = no piece is the unknown piece (<unk>), which stands for every character the model lacks
spm-two-unknowns = pieces { $first } and { $second } are both the unknown piece
spm-broken-charsmap = its normaliser's character map is cut short or damaged

## src/strings/weights_file.rs (part 2)

weights-cannot-write = cannot write { $path }: { $reason }
# $label: the file, as the loader names it.
weights-not-npz = { $label } is not a readable .npz file: { $reason }
# $fault: one of the weights-… messages below (or an npz-… one).
weights-content = { $label }: { $fault }
weights-cannot-list = cannot list arrays: { $reason }
weights-not-integer-scalar = `{ $name }` must be an integer scalar: { $reason }
weights-not-bytes = `{ $name }` must be a uint8 array: { $reason }
weights-not-float = `{ $name }` could not be read as float32: { $reason }
weights-missing-scalar = missing integer scalar `{ $name }`
weights-negative-scalar = `{ $name }` is { $value }; it must be non-negative
# $expected, $got: shapes, as (32, 81) or (src_vocab, d_model).
weights-missing-array = missing array `{ $name }`, expected shape { $expected }
weights-misshaped = array `{ $name }` has shape { $got }, expected { $expected }
# $value: NaN, inf or -inf; $at: the index, as [3, 7].
weights-not-finite = array `{ $name }` holds { $value } at index { $at }; weights must be finite numbers
weights-heads-do-not-divide = config.n_heads is { $n_heads }, which does not divide d_model { $d_model }
weights-max-len-out-of-range = config.max_len is { $max_len }; it must be from 2 (a target holds <bos> and <eos>) to { $limit }
# $pad_id: the id of <pad>.
weights-pad-idx = config.pad_idx is { $pad_idx }, but <pad> is token { $pad_id } of both vocabularies (sentences are padded with id { $pad_id }); it must be { $pad_id }
weights-vocab-rows = `{ $name }` has { $tokens } tokens but the embedding has { $rows } rows; they must match
# $fault: one of the vocab-… messages.
weights-bad-vocab = `{ $name }`: { $fault }
# $what: d_model or d_ff; $from: one of the read-from-… messages.
weights-size-too-small = { $what } is { $value } (from { $from }); it must be at least { $least }
# $what: one of the size-said-… messages; $from: one of the read-from-… messages.
weights-vocabulary-too-small = { $what } is { $value } (from { $from }); it must be at least { $least }: every vocabulary begins with <pad> <unk> <bos> <eos>
# $n: the file's layers; $last: $n - 1; $layer: the array's layer, past the last.
weights-unexpected-past-layer = unexpected array `{ $name }`: the file's layers are 0..={ $last } ({ $n } of them), numbered from 0 without gaps, and layer { $layer } is not one of them; remove its arrays, or give the missing layers
weights-unexpected-name = unexpected array `{ $name }`: a model of { $n } layers has no parameter of that name, and it is not a `config.*` size or a vocabulary; a weights file holds only those (and what `export` writes)

## src/strings/weights_dir.rs (part 2)

# $safetensors, $torch: the two file names.
weights-dir-no-weights-file = the folder { $dir } has no weights file: neither { $safetensors } nor { $torch }; put the model's weights file there (one of the two, from the model's Hugging Face page)
weights-dir-content = { $path }: { $fault }
weights-not-safetensors = it is not a readable safetensors file ({ $reason }); download it again
# $opcode: the pickle opcode's name; $byte: its byte, as 0x69; $at: where, in bytes.
pickle-opcode-not-allowed = its pickle uses the opcode { $opcode } ({ $byte }) at byte { $at }, which a file of tensors never needs, so it was not loaded
pickle-not-an-opcode = its pickle holds { $byte } at byte { $at }, which is no pickle opcode; the file is damaged
# $global: the function the pickle calls, as module.name.
pickle-global-not-allowed = it holds a pickle that calls { $global }; a weights file needs only tensors, so it was not loaded (it may be harmful: do not open it with torch.load either)
weights-unsupported-dtype = tensor `{ $tensor }` is stored as { $dtype }; only float32, float16 and bfloat16 tensors are read (convert the model with model.float() and save it again)
weights-outside-storage = tensor `{ $tensor }` reaches past the end of its data; the file is damaged, download it again
weights-truncated = the file ends before what it declares does (it is cut short); download it again
weights-tensor-too-large = tensor `{ $tensor }` claims { $elements } elements, but at most { $room } could come from this file; nothing was allocated for it and the file was not loaded
torch-not-zip = it is not a readable zip file ({ $reason }); download it again
torch-no-data-pkl = it is a zip, but not one torch.save wrote: it holds no data.pkl
# $order: big (or another byte order the file names).
torch-byte-order = its tensors are stored { $order }-endian; only little-endian files are read (save it again on a little-endian machine)
torch-no-magic = it is neither a zip nor torch's older format; it is not a PyTorch weights file
torch-legacy-version = it is in torch's older format, but of version { $version }; only version 1001 is read
torch-missing-storage = the data of storage `{ $key }` is missing; the file is damaged, download it again
torch-unknown-storage = it lists storage `{ $key }`, which no tensor uses, so its size is unknown; the file is damaged
torch-not-a-state-dict = its pickle is not a dict of tensors; a weights file holds a model's state_dict()
torch-entry-not-a-tensor = entry `{ $name }` of its pickle's dict is not a tensor; a weights file holds a model's state_dict(), names and tensors only
torch-malformed = its pickle is damaged: the opcode { $opcode } at byte { $at } does not fit what comes before it; download the file again

## src/strings/vocab_file.rs (part 2)

# $row: the sentence, from 1; $len: its tokens.
sentence-too-long = sentence { $row } has { $len } tokens, but the model's max_len is { $max_len }; shorten it
vocab-not-utf8 = not UTF-8 text: { $reason }
# $line: the line as Rust debug-prints an optional text: Some("…") or None.
vocab-first-line = first line must be tokenizer=char or tokenizer=word, not { $line }
vocab-specials = the first four tokens must be { $specials }
# $line: the file's line of token $id; $fault: one of the vocab-token-… messages.
vocab-token = token { $id } (line { $line }) { $fault }; every token must be non-empty, without whitespace or control characters, and appear once
vocab-token-empty = is empty
# $c: the control character, written out (\x1b).
vocab-token-control = `{ $token }` holds the control character { $c }
vocab-token-whitespace = `{ $token }` holds whitespace, where the tokenizer splits
vocab-token-invisible = `{ $token }` takes no column on screen: only zero-width characters, so no one could see it
vocab-token-twice = `{ $token }` is token { $first } as well

## src/strings/npz_archive.rs (part 2)

npz-member-unread = cannot read member { $index }: { $reason }
npz-inflated = array `{ $name }` claims { $declared } bytes unpacked from { $stored } stored bytes; the file is damaged
npz-unreadable = array `{ $name }`: { $reason }
# $reason: one of the npy-… messages.
npz-not-npy = array `{ $name }`: not a .npy array: { $reason }
# $shape: as [2, 3].
npz-shape-too-large = array `{ $name }` declares shape { $shape }, too large to exist
npz-short-data = array `{ $name }` declares shape { $shape } ({ $data } bytes) but the file holds only { $room } bytes of it
npz-too-many-arrays = the file holds { $count } arrays; a weights file holds at most { $most }
export-too-many-arrays = this export would hold { $count } arrays, and a weights file the tutor reads back holds at most { $most }: nothing was written
# $limit: as "256 MB".
npz-unpacks-too-large = its arrays would unpack to { $total } bytes, more than the { $limit } this program unpacks; nothing was unpacked
npy-no-magic = no .npy magic
npy-unknown-version = unknown .npy version { $version }
npy-cut-short = the header is cut short
npy-not-text = the header is not text
npy-no-descr = no `descr` in the header
npy-unknown-dtype = unknown dtype { $descr }
npy-no-shape = no `shape` in the header
npy-bad-shape-entry = shape entry `{ $entry }` is not a size

## src/strings/model_text.rs (part 2)

# Formulas as the trace prints them: symbols stay as they are, only the words are translated.
formula-input = x: the input
# $s: src or tgt.
formula-embed = { $s }.embed = { $s }_embed[{ $s }_ids]: one row of the ({ $vocab }, { $d }) table per token
# $d: d_model; $h: half of it, rounded up.
formula-positional-halves = PE[pos, i] = sin(pos/10000^(2i/{ $d })) in the first { $h } columns, PE[pos, { $h }+i] = cos(…) in the last { $h }: Marian's layout
formula-embed-scale = { $s }.scaled = { $s }.embed · √{ $d }: Marian scales the embeddings by √d_model
# $name: the mask's name; $q, $k: src or tgt.
formula-pad-keys = { $name } = ({ $k }_ids != <pad>), as (B, 1, 1, T_{ $k })
formula-pad-query-key = { $name } = ({ $q }_ids != <pad>) & ({ $k }_ids != <pad>), as (B, 1, T_{ $q }, T_{ $k })
formula-pad-ones = tgt.pad_mask = ones: note 002's make_tgt_mask has no padding part
formula-pad-none-start-is-pad = tgt.pad_mask = ones: the start token is <pad>, so Marian's target has no padding mask (the causal mask hides later padding)
formula-causal = tgt.causal = lower-triangular ones: query i sees keys 0..=i
formula-causal-off = tgt.causal = ones: no causal mask, every query sees every key
formula-causal-input = mask = lower-triangular ones
formula-target-mask = tgt.mask = tgt.pad_mask AND tgt.causal, broadcast to (B, 1, T, T)
formula-memory = C = { $x } (the encoder's output, the memory every decoder layer reads)
# $upper: Q, K or V; $from, $to: shapes; $h: heads; $width: d_k or d_v; $dk: its size.
formula-split-heads = { $upper } = split { $from } → { $to }: { $h } heads of { $width } = { $dk }
formula-scores-unscaled = scores = qk, not divided by √{ $dk } (the what-if)
formula-masked-off = masked = scores: the mask is not applied (the what-if)
formula-masked-multiply = masked = scores · { $mask } (note 001 §5.1's multiplied mask)
formula-weights = weights = softmax(masked) over the keys; each row sums to 1
formula-head-removed = ablated = { $context } with head { $head }'s slice set to 0 (the head removed)
formula-head-alone = ablated = { $context } with every head but { $head } set to 0 (head { $head } alone)
formula-sum-no-residual = sum = { $sub }: no residual connection (the what-if)
# $eps_exponent: as -5 (for 1e-5).
formula-normalize = x̂ = ({ $input } - mean) / √(var + 1e{ $eps_exponent }), per token over the features
formula-silu = hidden = pre · σ(pre): SiLU (swish), Marian's activation
formula-gelu = hidden = pre · Φ(pre): GELU
formula-probs = probs = softmax(logits) over the vocabulary
formula-loss = loss = mean over non-<pad> labels of cross-entropy(logits, labels), label smoothing { $smoothing }
# Where an operation sits, as a heading says it.
place-source-embedding = source embedding + positional encoding
place-target-embedding = target embedding + positional encoding
place-source-mask = source mask
place-target-mask = target mask
# $layer: the layer, from 0; $part: one of the part-… messages (or Add & Norm).
place-encoder-layer = encoder layer { $layer } · { $part }
place-decoder-layer = decoder layer { $layer } · { $part }
place-output = output: Linear + softmax
place-loss = training loss: cross-entropy against the next words
part-self-attention = self-attention
part-masked-self-attention = masked self-attention
part-cross-attention = cross-attention
part-feed-forward = feed-forward
where-source-embedding = source embedding (PE not added yet)
where-target-embedding = target embedding (PE not added yet)
where-source-positional-encoding = source positional encoding
where-target-positional-encoding = target positional encoding

## src/lang/mod.rs (io_reason)

# An operating-system error of a common kind, said in the learner's language. English leaves
# them empty: the system's own words ("No such file or directory (os error 2)") are shown.
io-not-found = {""}
io-permission-denied = {""}
io-already-exists = {""}
io-storage-full = {""}
io-read-only-filesystem = {""}
io-is-a-directory = {""}
io-not-a-directory = {""}
## src/strings/taught.rs

activations-heading = { $name }, token { $token }: { $d_ff } inputs, three activations
activations-own = this model's activation, marked ◀: { $own } (the run's { $name })
activations-spread = { $shown } of { $d_ff } features, the most negative input first
activations-feature = feature
activations-pre = pre
activations-negatives = negative inputs: { $negatives } of { $d_ff } · ReLU gives exactly 0 on each
activations-lowest = lowest output in this row: ReLU { $relu } · GELU { $gelu } · SiLU { $silu }
activations-floor = never below: GELU { $gelu } (x = { $gelu_at }) · SiLU { $silu } (x = { $silu_at }) · ReLU 0
activations-check = run's { $name } vs the { $own } column: max difference { $diff }
pe-table-caption = every position: max_len = { $max_len } rows × d_model = { $d } · this batch uses 0–{ $last }
every-kth-row = … every { $k ->
        [2] 2nd
        [3] 3rd
       *[other] { $k }th
    } position drawn, to fit: { $shown } of { $n } rows
every-kth-column = every { $k ->
        [2] 2nd
        [3] 3rd
       *[other] { $k }th
    } feature: { $shown } of { $n }
instance-heading = InstanceNorm, note 000's third row
instance-axes = per sentence and feature, over its { $t } positions: { $b }×{ $d } groups
instance-row = row { $token } of sentence { $batch } after it: mean { $mean } / std { $std }
instance-features = sentence { $batch }'s features after it: largest |mean| { $mean }, mean std { $std }
instance-pads = <pad> positions in sentence { $batch }'s averages: { $pads } of { $t }
dropout-heading = Where dropout sits in { $encoder ->
        [1] encoder
       *[other] decoder
    } layer { $layer }, in training
dropout-training-only = ╳ marks a dropout; in inference (this run) each passes its input on
dropout-on-embedding = ╳ dropout on the embedding + PE sum (notes 000, 004)
dropout-on-weights = ╳ dropout on the attention weights (PyTorch's MHA; not the notes)
dropout-after-activation = ╳ dropout after the activation (notes 000 and 002's FFN)
dropout-on-sublayer = ╳ dropout on the sublayer's output, before the add (note 002)
dropout-inference = Inference, this run: dropout is the identity
dropout-identity = { $sum } − (x + sublayer): largest difference { $diff }
dropout-training = Training, p = { $p }: one draw on row { $token } of { $sublayer }
dropout-counts = zeroed { $zeroed } of { $n }; the other { $kept } × 1/(1 − p) = { $scale }
dropout-before = before
dropout-after = after
dropout-means = row mean { $before } before, { $after } after; over { $draws } draws { $average }
# Under a softmax grid that shows a window of its keys: how many keys are left and right of it.
more-keys-left = ← { $left } more keys
more-keys-right = … { $right } more keys →
more-keys-both = ← { $left } more keys · { $right } more →
more-keys-left-named = ← { $left } more keys ({ $left_names })
more-keys-right-named = … { $right } more keys ({ $right_names }) →
more-keys-both-named = ← { $left } more ({ $left_names }) · { $right } more ({ $right_names }) →
# The code beside each operation (the `p` pane and `export --numpy` / `--pytorch`): one comment per
# operation, the note that computes the same thing, and a note's corrected line.
code-input = the tensor handed to the run
code-embed = one row of the embedding table per token id
code-embed-scale = the embedding rows times √d_model (Marian's scale_embedding)
code-positions = sin on the even columns, cos on the odd ones, one row per position
code-positions-halves = sin in the first half of the columns, cos in the second (Marian's layout)
code-add-positional = the position table added to every sentence of the batch
code-padding-mask = 1 where the key is a real token, 0 where it is <pad>
code-padding-mask-qk = 1 where both the query and the key are real tokens
code-causal-mask = lower triangle: each position sees itself and the ones before it
code-ones-mask = a mask of ones: it hides nothing
code-mask-and = a key is seen only where both masks let it through
code-linear = a Linear layer: x times Wᵀ plus b
code-linear-tied = the output reuses the target embedding as its weight, plus its own bias
code-split-heads = cut the features into heads, then move the head axis forward
code-query-key = every query dotted with every key
code-scale = divided by √d_k, so that the softmax does not saturate
code-no-scale = what-if: the scores are left undivided
code-mask-fill = hidden scores become -1e9, so their softmax weight is 0
code-mask-minus-infinity = hidden scores become -inf: a row hidden entirely becomes NaN
code-mask-multiply = the mask multiplied in: a hidden score becomes 0, which still gets weight
code-mask-off = what-if: the mask is not applied
code-softmax = each row turned into weights that sum to 1
code-probs = the logits turned into probabilities over the vocabulary
code-context = the weighted sum of the values
code-merge-heads = the heads put back side by side, one vector per token
code-head-out = one head's context set to zero before W_o
code-head-alone = every head's context but one set to zero before W_o
code-residual = the residual connection: the block's input plus its output
code-no-residual = what-if: the block's output alone, no residual
code-relu = max(0, x), element by element
code-silu = x · sigmoid(x), element by element (Marian's FFN)
code-gelu = x · Φ(x), element by element
code-normalize = per token: subtract the mean, divide by the standard deviation (biased)
code-scale-shift = LayerNorm's learned scale γ and shift β
code-memory = the encoder's output, the memory C every cross-attention reads
code-identity = the same tensor under another name
code-cross-entropy = the mean of -log p(label) over the labels that are not <pad>
code-backward = backward: from { $d }, the gradient on screen, the gradients of what this operation read
code-note = note { $note }, { $code }
code-fix-why = the note's mistake: { $why }
code-note-writes = the note writes:
code-corrected = corrected:
code-pane = code
code-what-if = what-if:
code-script-header = Every named tensor of this run, recomputed op by op in { $lib } from { $npz } and checked against the tutor's.
wrote-script = wrote { $path }: { $count } tensors, each recomputed and checked (run it with python3)
export-same-file = { $flag } and { $other } name the same file, { $path }: the script would replace what it reads; nothing was written
export-same-script = { $flag } and { $other } name the same file, { $path }: one script would overwrite the other; nothing was written
# What the exported script prints, one line per tensor: the mark (a tensor that matches the
# tutor's, one that does not), then its name, kind, shape and largest difference.
code-script-ok = ok
code-script-fail = FAIL
code-script-not-computed = not computed
# $ours: the script's tensor's shape, $tutor: the tutor's, both as Python writes them: (2, 4, 6, 6).
code-script-shape = shape { $ours }, the tutor's { $tutor }
# The script's last line. $failed: how many tensors differ, $first: the first one's name.
code-script-differ = { $failed } of { $count } tensors differ from the tutor's (first: { $first })
code-script-all-match = all { $count } tensors match
