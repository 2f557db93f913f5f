"""Yardstick: a lean pure-Python Turn or Burn Module 1 duel playout loop, copied unchanged from
the workplace's ``shared/bench/ref_tob_m1.py`` but for this docstring; ``bench_tob`` runs it in
the same sitting as the engine's duels and prints their ratio (issue 17's target: at least 1/3).

It is a simplified Module 1 (one gun per fighter, random cards, no setup choices, no events,
no validation): roughly the practical limit of pure Python for this game, not a rules engine.
Compare ratios, not absolute figures: `python bench/yardstick_tob_m1.py 3` prints duels/s and
turns/s.
"""
import random
import sys
import time

DIRS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
COLS, ROWS = 24, 18
# burn offsets relative to facing as (ahead, slip) counts: b = a*R0 + s*R(+1 or -1)
BURNS = {"B1A": (1, 0), "B2A": (2, 0), "B3A": (3, 0), "B2S": (1, 1), "B2P": (1, -1),
         "B3S": (2, 1), "B3P": (2, -1)}
TURNS = {"TNC": 0, "T60S": 1, "T120S": 2, "TR": 3, "T120P": 4, "T60P": 5}
CARDS = list(BURNS) + list(TURNS) + ["GUN"]
GUNS = ("BG", "DB", "NB", "LT")
ARC_TEST = {
    "BG": lambda d, n: d > 0 and d * d == 2 * n,
    "DB": lambda d, n: d > 0 and 2 * d * d >= 3 * n,
    "NB": lambda d, n: d > 0 and 2 * d * d >= n,
    "LT": lambda d, n: d >= 0,
}


def on_map(q, r):
    return 0 <= q < COLS and 0 <= r + (q - (q & 1)) // 2 < ROWS


def dist(dq, dr):
    return max(abs(dq), abs(dr), abs(dq + dr))


def miss_for_range(rng_):
    return 0 if rng_ <= 3 else 1 if rng_ <= 6 else 2 if rng_ <= 9 else 4


def play(rnd):
    # fighter: [q, r, mq, mr, facing, gun, systems(list), thrust_this_turn]
    fs = []
    for side in (0, 1):
        while True:
            q = rnd.randrange(COLS // 2) + (COLS // 2 if side else 0)
            r = rnd.randrange(-12, 24)
            if on_map(q, r):
                break
        while True:
            mq, mr = q + rnd.randint(-6, 6), r + rnd.randint(-6, 6)
            if dist(mq - q, mr - r) <= 6 and on_map(mq, mr):
                break
        gun = rnd.choice(GUNS)
        fs.append([q, r, mq, mr, rnd.randrange(6), gun, ["CM", "STR", "THR", gun], 0])
    for turn in range(200):
        plots = []
        for f in fs:
            c = rnd.choice(CARDS)
            if c in BURNS and "THR" not in f[6]:
                c = "TNC"
            plots.append(c)
        out = [False, False]
        for i, f in enumerate(fs):
            c = plots[i]
            q, r, mq, mr, fa = f[0], f[1], f[2], f[3], f[4]
            f[7] = 0
            if c in BURNS:
                a, s = BURNS[c]
                d0 = DIRS[fa]
                mq += a * d0[0]
                mr += a * d0[1]
                if s:
                    d1 = DIRS[(fa + s) % 6]
                    mq += d1[0]
                    mr += d1[1]
                f[7] = a + abs(s)
            nq, nr = mq, mr
            if c in TURNS:
                fa = (fa + TURNS[c]) % 6
            f[0], f[1], f[2], f[3], f[4] = nq, nr, 2 * nq - q, 2 * nr - r, fa
            if not on_map(f[2], f[3]):
                out[i] = True
        losses = [[], []]
        for i, f in enumerate(fs):
            if plots[i] != "GUN" or out[i]:
                continue
            t = fs[1 - i]
            if out[1 - i]:
                continue
            dq, dr = t[0] - f[0], t[1] - f[1]
            rg = dist(dq, dr)
            if rg == 0 or rg > 12:
                continue
            u = DIRS[f[4]]
            # cube dot product of u and v
            us = -u[0] - u[1]
            vs = -dq - dr
            d = u[0] * dq + u[1] * dr + us * vs
            n = dq * dq + dr * dr + vs * vs
            if not ARC_TEST[f[5]](d, n):
                continue
            g = f[5]
            if g == "BG":
                dmg = 6
            elif g == "DB":
                dmg = (dist(t[2] - t[0], t[3] - t[1]) + 1) // 2
            elif g == "NB":
                dmg = 6 - rg if rg <= 4 else 1
            else:
                dmg = 1
            hand = t[6] + ["MISS"] * (miss_for_range(rg) + t[7] + 2)
            losses[1 - i] = rnd.sample(hand, min(dmg, len(hand)))
        dead = [out[0], out[1]]
        for i, f in enumerate(fs):
            for c in losses[i]:
                if c != "MISS" and c in f[6]:
                    f[6].remove(c)
            if "STR" not in f[6] or "CM" not in f[6] or f[5] not in f[6]:
                dead[i] = True
        if dead[0] or dead[1]:
            return 2 if dead[0] and dead[1] else (1 if dead[0] else 0), turn + 1
    return 2, 200


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    rnd = random.Random(1)
    n = turns = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(100):
            _, t = play(rnd)
            turns += t
        n += 100
    el = time.perf_counter() - t0
    print(f"reference duels/s {n / el:.0f}  turns/s {turns / el:.0f}  turns/game {turns / n:.1f}")


if __name__ == "__main__":
    main()
