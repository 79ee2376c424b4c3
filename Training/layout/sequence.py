"""The stroke classifier as a sequence model (`train.py --sequence`): a page's feature rows in
writing order go through a dense layer, a bidirectional LSTM over the whole page, and two dense
layers reading each trace's own values beside the LSTM's states, so that a trace is judged by the
many strokes drawn before and after it, not only its two neighbours on each side (features.py).

Pages are the unit of training: batches of pages of similar length (padded and packed), the
batches' order shuffled by a seeded generator each epoch. The weights go into the same text file
as the MLP's (`stroke-classifier 2`, a `bilstm` stage; Sources/Recognition/Layout/StrokeClassifier.swift
reads it), with the LSTM's two biases summed and its matrices transposed to input × 4H.
"""
import numpy as np
import torch

DENSE = 48
HIDDEN = 24
HEAD = 24
# traces in one batch, all pages together (a batch holds pages of similar length)
BATCH_TRACES = 6000


class SequenceNet(torch.nn.Module):
    def __init__(self, inputs, classes):
        super().__init__()
        self.dense = torch.nn.Linear(inputs, DENSE)
        self.lstm = torch.nn.LSTM(DENSE, HIDDEN, batch_first=True, bidirectional=True)
        self.head = torch.nn.Linear(DENSE + 2 * HIDDEN, HEAD)
        self.out = torch.nn.Linear(HEAD, classes)

    def forward(self, x, lengths):
        d = torch.relu(self.dense(x))
        packed = torch.nn.utils.rnn.pack_padded_sequence(d, lengths, batch_first=True, enforce_sorted=False)
        states, _ = self.lstm(packed)
        states, _ = torch.nn.utils.rnn.pad_packed_sequence(states, batch_first=True, total_length=x.shape[1])
        return self.out(torch.relu(self.head(torch.cat([d, states], 2))))


def batches(lengths):
    """Page indices in batches of similar length, each of at most BATCH_TRACES traces (padded)."""
    order = sorted(range(len(lengths)), key=lambda k: (lengths[k], k))
    out, current = [], []
    for k in order:
        if current and (len(current) + 1) * lengths[k] > BATCH_TRACES:
            out.append(current)
            current = []
        current.append(k)
    if current:
        out.append(current)
    return out


def padded(pages, members):
    """The batch's rows (pages × longest × inputs), labels (-1 past a page's end) and lengths."""
    longest = max(len(pages[k][0]) for k in members)
    x = np.zeros((len(members), longest, pages[members[0]][0].shape[1]), np.float32)
    y = np.full((len(members), longest), -1, np.int64)
    for r, k in enumerate(members):
        x[r, :len(pages[k][0])] = pages[k][0]
        y[r, :len(pages[k][1])] = pages[k][1]
    return torch.tensor(x), torch.tensor(y), torch.tensor([len(pages[k][0]) for k in members])


def fit(train_pages, val_pages, epochs, class_weight, log):
    """Trains on (standardised rows, labels) pages; returns the model."""
    model = SequenceNet(train_pages[0][0].shape[1], len(class_weight))
    loss_fn = torch.nn.CrossEntropyLoss(weight=class_weight, ignore_index=-1)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3, weight_decay=1e-5)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, epochs)
    groups = batches([len(p[0]) for p in train_pages])
    val_groups = batches([len(p[0]) for p in val_pages])
    for epoch in range(epochs):
        model.train()
        np.random.default_rng(epoch).shuffle(groups)
        for members in groups:
            x, y, lengths = padded(train_pages, members)
            opt.zero_grad()
            loss = loss_fn(model(x, lengths).reshape(-1, len(class_weight)), y.reshape(-1))
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
        sched.step()
        model.eval()
        right = writing_right = total = 0
        with torch.no_grad():
            for members in val_groups:
                x, y, lengths = padded(val_pages, members)
                pred = model(x, lengths).argmax(2)
                mask = y >= 0
                right += int(((pred == y) & mask).sum())
                writing_right += int((((pred == 0) == (y == 0)) & mask).sum())
                total += int(mask.sum())
        log(f"epoch {epoch}: loss {loss.item():.3f} val class acc {right / total:.4f} "
            f"writing/not {writing_right / total:.4f}")
    return model


def layers(model):
    """The exported stages: (W, b, relu) for a dense layer, ("bilstm", forward, backward) with each
    direction as (input × 4H, H × 4H, 4H) for the LSTM."""
    def dense(lin, relu):
        return (lin.weight.detach().numpy().astype(np.float64), lin.bias.detach().numpy().astype(np.float64), relu)

    def direction(suffix):
        p = {n: v.detach().numpy().astype(np.float64) for n, v in model.lstm.named_parameters()}
        return (p["weight_ih_l0" + suffix].T, p["weight_hh_l0" + suffix].T,
                p["bias_ih_l0" + suffix] + p["bias_hh_l0" + suffix])

    return [dense(model.dense, True), ("bilstm", direction(""), direction("_reverse")),
            dense(model.head, True), dense(model.out, False)]


def run_direction(x, wx, wh, b, reverse):
    """One LSTM direction over a page's rows in float64, as the Swift inference computes it."""
    h_size = wh.shape[0]
    gates_in = x @ wx + b
    h, c = np.zeros(h_size), np.zeros(h_size)
    out = np.zeros((len(x), h_size))
    for t in (range(len(x) - 1, -1, -1) if reverse else range(len(x))):
        g = gates_in[t] + h @ wh
        i, f = 1 / (1 + np.exp(-g[:h_size])), 1 / (1 + np.exp(-g[h_size:2 * h_size]))
        candidate, o = np.tanh(g[2 * h_size:3 * h_size]), 1 / (1 + np.exp(-g[3 * h_size:]))
        c = f * c + i * candidate
        h = o * np.tanh(c)
        out[t] = h
    return out


def bilstm(x, forward, backward):
    """The stage's output: its input and both directions' states side by side."""
    return np.concatenate([x, run_direction(x, *forward, False), run_direction(x, *backward, True)], 1)
