"""Run generated adversarial cases through `sweepscope batch` and compare every answer with
the exact reference (ref.py).

usage: python3 tools/exact_check/run.py SEED N_PER_FAMILY [BIN]
BIN defaults to target/release/sweepscope. A summary goes to stdout, every failure (case,
CLI answer, reference) to target/exact_check/fail_<seed>.jsonl; the exit status is 1 if
any case failed."""
import json
import math
import os
import subprocess
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ref import reference
from gen import gen

seed, n = int(sys.argv[1]), int(sys.argv[2])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = sys.argv[3] if len(sys.argv) > 3 else os.path.join(ROOT, 'target', 'release', 'sweepscope')
OUT = os.path.join(ROOT, 'target', 'exact_check')
os.makedirs(OUT, exist_ok=True)

cases = []
for i, (fam, q) in enumerate(gen(seed, n)):
    q = dict(q)
    q = {'id': i, **q}
    cases.append((fam, q))

inp = ''.join(json.dumps(q) + '\n' for _, q in cases)
res = subprocess.run([BIN, 'batch'], input=inp, capture_output=True, text=True)
outs = {}
for line in res.stdout.splitlines():
    o = json.loads(line)
    outs[o.get('id')] = o
if res.returncode != 0:
    print('CLI exit status', res.returncode, res.stderr[:500])


def close(a, b, tol):
    return abs(a - b) <= tol


def compare(fam, q, o, ref):
    """returns (status, subfamily) where status in ok/skip/fail."""
    v = ref['verdict']
    why = ref['why']
    if 'error' in o:
        return 'fail', 'error-line'
    if v == 'skip':
        if o.get('hit'):
            n = o.get('normal')
            t = o.get('time')
            if n is None or not all(isinstance(x, float) and math.isfinite(x) for x in n) \
                    or abs(math.hypot(*n) - 1) > 1e-3:
                return 'fail', 'sanity-normal-not-unit/' + why
            if not (isinstance(t, float) and 0 <= t <= 1):
                return 'fail', 'sanity-time/' + why
        return 'skip', why
    if v == 'miss':
        if o['hit']:
            return 'fail', 'false-hit' + ('/' + why if why else '')
        return 'ok', None
    if not o['hit']:
        return 'fail', 'missed-hit' + ('/' + why if why else '')
    probs = []
    if not close(o['time'], ref['time'], 1e-3):
        probs.append('time')
    for i in (0, 1):
        c = ref['center'][i]
        if not close(o['center'][i], c, 1e-2 + 1e-6 * abs(c)):
            probs.append('center')
            break
    n = o['normal']
    ln = math.hypot(*n)
    if abs(ln - 1) > 1e-3:
        probs.append('normal-not-unit')
    elif ref.get('normals'):
        if not any(max(abs(n[0] - m[0]), abs(n[1] - m[1])) <= 1e-3 for m in ref['normals']):
            probs.append('normal')
    elif ref.get('normal') is not None:
        m = ref['normal']
        if max(abs(n[0] - m[0]), abs(n[1] - m[1])) > 1e-3:
            probs.append('normal')
    elif 'cone' in ref:
        qq, fv = ref['cone']
        if not ref['ob'].cone_ok(qq, n, 1e-3, ref['eps']):
            probs.append('normal-cone')
        elif fv is not None and n[0] * fv[0] + n[1] * fv[1] > 1e-3 * math.hypot(*fv):
            probs.append('normal-vs-motion')
    si = ref.get('started_inside')
    if si is not None and o.get('started_inside') != si:
        probs.append('started_inside')
    if probs:
        return 'fail', '+'.join(sorted(set(probs))) + ('/' + why if why else '')
    return 'ok', None


def bucket(fam, q, ref):
    """discrepancy-family bucket of a case (for 'checked' counts)."""
    why = ref.get('why', '')
    k = q['kind']
    r0 = q['radius'] == 0
    if k == 'aabb' and r0 and why == 'inside':
        return 'zero radius strictly inside a box'
    if k == 'segment' and why == 'inside' and ref.get('normal') is None:
        return 'centre exactly on a segment (started inside)'
    if why.startswith('touch1'):
        return 'exact touch at t=1 (%s%s)' % (k, ', r=0' if r0 else '')
    if why.startswith('touch0'):
        return 'exact touch at t=0 (%s)' % k
    if fam == 'huge_motion':
        return 'huge |v|/r (1e8..1e38), unit normal only'
    return 'other'


# Families whose grazes are a known fraction of r deep get a graze margin relative to r:
# `far_graze` cuts or clears by about 4e-8 of r at least (1e-7 before r rounds to f32),
# far below 1e-6 of its motion; `tiny_radius_aim` passes through a corner or an end, r
# deep, with r far below 1e-6 of its motion.
SKIP_TOL = {'far_graze': lambda r: 1e-9 * r, 'tiny_radius_aim': lambda r: 1e-9 * r}

stats = defaultdict(Counter)
bstats = defaultdict(Counter)
fails = []
for fam, q in cases:
    o = outs.get(q['id'])
    if o is None:
        stats[fam]['no-output'] += 1
        continue
    ref = reference(q, skip_tol=SKIP_TOL.get(fam))
    st, sub = compare(fam, q, o, ref)
    stats[fam][st] += 1
    bstats[bucket(fam, q, ref)][st] += 1
    if st == 'fail':
        stats[fam]['F:' + sub] += 1
        r2 = {k: v for k, v in ref.items() if k not in ('ob', 'cone', 'eps')}
        fails.append({'family': fam, 'sub': sub, 'q': q, 'cli': o, 'ref': r2})
    elif st == 'skip':
        stats[fam]['S:' + sub] += 1

with open(os.path.join(OUT, f'fail_{seed}.jsonl'), 'w') as fh:
    for f in fails:
        fh.write(json.dumps(f) + '\n')
tot = Counter()
for fam in stats:
    c = stats[fam]
    tot.update({k: v for k, v in c.items() if k in ('ok', 'skip', 'fail', 'no-output')})
    extra = {k: v for k, v in c.items() if k.startswith('F:')}
    print(f"{fam:18s} ok={c['ok']:6d} skip={c['skip']:6d} fail={c['fail']:6d} {dict(extra) if extra else ''}")
print('TOTAL', dict(tot))
print('--- by discrepancy bucket')
for b in sorted(bstats):
    c = bstats[b]
    print(f"{b:48s} ok={c['ok']:7d} skip={c['skip']:6d} fail={c['fail']:6d}")
if res.returncode != 0 and not fails:
    print('the CLI failed without a bad line')
    sys.exit(1)
if fails:
    print(f'{len(fails)} failures, listed in {OUT}/fail_{seed}.jsonl')
    sys.exit(1)
