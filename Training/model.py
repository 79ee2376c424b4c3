"""The recognizer network: a small convolutional front end and a bidirectional LSTM, trained with CTC.

input (T, 6) features from ink.py
  conv1  k=5, 6 -> C, ReLU                 (zero padding 2 each side)
  conv2  k=5, C -> C, stride 2, ReLU       (zero padding 2 each side; T' = ceil(T / 2))
  conv3  k=5, C -> C, ReLU, + conv2 output (residual); with "subsample" 4 it strides 2 too
         (T'' = ceil(T' / 2)) and the residual is conv2's output at every other frame
  LSTM layers, each bidirectional, H per direction (gates i, f, g, o; forget bias 1 at init);
         from layer "residual_from" on (layers grown on a trained network) each adds its input
  dense  2H -> NUM_CLASSES (log-softmax; class 0 is the CTC blank)
Activations beyond a sequence's length are zeroed after every layer so that a padded batch gives
exactly what one unpadded sequence gives (the Swift side runs one sequence at a time).
Sources/Recognition/Network mirrors this; tensor names are the export's contract.
"""
import jax
import jax.numpy as jnp
import numpy as np

from alphabet import NUM_CLASSES
from ink import N_FEATURES

CONFIG = {"channels": 96, "hidden": 96, "layers": 2, "kernel": 5, "subsample": 2}


def init_params(key, cfg=CONFIG):
    c, h, k = cfg["channels"], cfg["hidden"], cfg["kernel"]
    keys = iter(jax.random.split(key, 64))

    def he(shape, fan_in):
        return jax.random.normal(next(keys), shape) * np.sqrt(2.0 / fan_in)

    def uni(shape, fan):
        lim = 1.0 / np.sqrt(fan)
        return jax.random.uniform(next(keys), shape, minval=-lim, maxval=lim)

    p = {
        "conv1.w": he((k, N_FEATURES, c), k * N_FEATURES), "conv1.b": jnp.zeros(c),
        "conv2.w": he((k, c, c), k * c), "conv2.b": jnp.zeros(c),
        "conv3.w": he((k, c, c), k * c) * 0.5, "conv3.b": jnp.zeros(c),
    }
    inp = c
    for layer in range(cfg["layers"]):
        for d in ("fwd", "bwd"):
            pre = f"lstm{layer}.{d}"
            p[pre + ".wx"] = uni((inp, 4 * h), h)
            p[pre + ".wh"] = uni((h, 4 * h), h)
            b = np.zeros(4 * h, np.float32)
            b[h:2 * h] = 1.0  # forget gate
            p[pre + ".b"] = jnp.asarray(b)
        inp = 2 * h
    p["out.w"] = uni((2 * h, NUM_CLASSES), 2 * h)
    p["out.b"] = jnp.zeros(NUM_CLASSES)
    return p


def _conv(x, w, b, stride):
    # x (B, T, Cin), w (K, Cin, Cout)
    y = jax.lax.conv_general_dilated(x, w, window_strides=(stride,), padding=[(2, 2)],
                                     dimension_numbers=("NWC", "WIO", "NWC"))
    return y + b


def _lstm_scan(xw, wh, h_size):
    # xw (T, B, 4H): input projections with bias
    b = xw.shape[1]

    def step(carry, g_x):
        hp, cp = carry
        g = g_x + hp @ wh
        i = jax.nn.sigmoid(g[:, :h_size])
        f = jax.nn.sigmoid(g[:, h_size:2 * h_size])
        gg = jnp.tanh(g[:, 2 * h_size:3 * h_size])
        o = jax.nn.sigmoid(g[:, 3 * h_size:])
        c = f * cp + i * gg
        hn = o * jnp.tanh(c)
        return (hn, c), hn

    init = (jnp.zeros((b, h_size)), jnp.zeros((b, h_size)))
    _, hs = jax.lax.scan(step, init, xw)
    return hs


def _reverse_within(x, lengths):
    # x (B, T, C): reverse each sequence's first lengths[b] steps; padding stays at the end
    t = x.shape[1]
    idx = lengths[:, None] - 1 - jnp.arange(t)[None, :]
    idx = jnp.where(idx >= 0, idx, jnp.arange(t)[None, :])
    return jnp.take_along_axis(x, idx[:, :, None], axis=1)


def residual_from(cfg):
    """The first LSTM layer that adds its input to its output (grown layers; none by default)."""
    return cfg.get("residual_from", cfg["layers"])


def forward(p, x, lengths, cfg=CONFIG):
    """x (B, T, F), lengths (B,) -> log-probabilities (B, T', K) and frame lengths (B,)."""
    h = cfg["hidden"]
    t = x.shape[1]
    mask = (jnp.arange(t)[None, :] < lengths[:, None])[:, :, None]
    y = jax.nn.relu(_conv(x * mask, p["conv1.w"], p["conv1.b"], 1)) * mask
    y = jax.nn.relu(_conv(y, p["conv2.w"], p["conv2.b"], 2))
    flen = (lengths + 1) // 2
    fmask = (jnp.arange(y.shape[1])[None, :] < flen[:, None])[:, :, None]
    y = y * fmask
    z = jax.nn.relu(_conv(y, p["conv3.w"], p["conv3.b"], cfg.get("subsample", 2) // 2))
    if cfg.get("subsample", 2) == 4:
        y = y[:, ::2]
        flen = (flen + 1) // 2
        fmask = (jnp.arange(y.shape[1])[None, :] < flen[:, None])[:, :, None]
    y = (z + y) * fmask
    for layer in range(cfg["layers"]):
        outs = []
        for d in ("fwd", "bwd"):
            pre = f"lstm{layer}.{d}"
            inp = y if d == "fwd" else _reverse_within(y, flen)
            xw = jnp.einsum("btc,cg->tbg", inp, p[pre + ".wx"]) + p[pre + ".b"]
            hs = jnp.transpose(_lstm_scan(xw, p[pre + ".wh"], h), (1, 0, 2))
            if d == "bwd":
                hs = _reverse_within(hs, flen)
            outs.append(hs)
        out = jnp.concatenate(outs, axis=-1) * fmask
        # layers grown on a trained network add their input (phase_train.py --grow)
        y = y + out if layer >= residual_from(cfg) else out
    logits = y @ p["out.w"] + p["out.b"]
    return jax.nn.log_softmax(logits, axis=-1), flen
