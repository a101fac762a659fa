"""Independent high-precision reference for sweepscope batch queries.

All inputs are rounded to f32 first.  Exact-ish arithmetic uses decimal with 60 digits
(products/sums of f32 values are exact; only sqrt and division round, at 1e-60).

Geometry: work relative to the moving circle's start, so the moving centre is p(t) = t*v.
Obstacles are turned into a 'rounded' convex set (Minkowski sum with the disc of radius R)
given as a union of convex components (axis rectangles, oriented rectangles, discs).  The set
of t with dist(p(t), obstacle) <= R is an interval; its lower end is the first contact.
"""
import math
import os
import struct
from decimal import Decimal as D, getcontext

getcontext().prec = 60
ZERO = D(0)
INF = D('Infinity')
EXACT = D('1e-40')   # |value| below this (relative) counts as an exact zero


def f32(x):
    return struct.unpack('f', struct.pack('f', float(x)))[0]


def dsqrt(x):
    return x.sqrt() if x > 0 else ZERO


# ---------------------------------------------------------------- t-intervals
def slab(k, m, lo, hi):
    """t with lo <= k*t + m <= hi, as (a,b) or None."""
    if k == 0:
        return (-INF, INF) if lo <= m <= hi else None
    a = (lo - m) / k
    b = (hi - m) / k
    if a > b:
        a, b = b, a
    return (a, b)


def isect(i1, i2):
    if i1 is None or i2 is None:
        return None
    a = max(i1[0], i2[0])
    b = min(i1[1], i2[1])
    return (a, b) if a <= b else None


def disc_iv(v, c, R):
    """t with |t v - c| <= R."""
    a = v[0] * v[0] + v[1] * v[1]
    cc = c[0] * c[0] + c[1] * c[1] - R * R
    if a == 0:
        return (-INF, INF) if cc <= 0 else None
    b = v[0] * c[0] + v[1] * c[1]
    # discriminant in the non-cancelling form |v|^2 R^2 - (v x c)^2
    cr = v[0] * c[1] - v[1] * c[0]
    disc = a * R * R - cr * cr
    if disc < 0:
        return None
    sq = dsqrt(disc)
    return ((b - sq) / a, (b + sq) / a)


# ---------------------------------------------------------------- obstacles (relative coords, Decimal)
class Box:
    def __init__(s, lo, hi):
        s.lo, s.hi = lo, hi

    def components(s, v, R):
        (x0, y0), (x1, y1) = s.lo, s.hi
        out = []
        out.append(isect(slab(v[0], ZERO, x0 - R, x1 + R), slab(v[1], ZERO, y0, y1)))
        out.append(isect(slab(v[0], ZERO, x0, x1), slab(v[1], ZERO, y0 - R, y1 + R)))
        for c in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
            out.append(disc_iv(v, c, R))
        return [c for c in out if c is not None]

    def closest(s, p):
        return (min(max(p[0], s.lo[0]), s.hi[0]), min(max(p[1], s.lo[1]), s.hi[1]))

    def sdist(s, p):
        (x0, y0), (x1, y1) = s.lo, s.hi
        dx = max(x0 - p[0], ZERO, p[0] - x1)
        dy = max(y0 - p[1], ZERO, p[1] - y1)
        if dx > 0 or dy > 0:
            return dsqrt(dx * dx + dy * dy)
        return -min(p[0] - x0, x1 - p[0], p[1] - y0, y1 - p[1])

    def cone_ok(s, q, n, tol, eps=ZERO):
        """n (unit, floats) in the normal cone of the box at boundary point q."""
        for i in (0, 1):
            lo, hi, qi = s.lo[i], s.hi[i], q[i]
            atlo, athi = qi <= lo + eps, qi >= hi - eps
            if atlo and athi:
                continue
            if atlo:
                if n[i] > tol:
                    return False
            elif athi:
                if n[i] < -tol:
                    return False
            elif abs(n[i]) > tol:
                return False
        return True

    def push_normals(s, p):
        """Centre strictly inside a box of positive area: the set of minimal push-out normals."""
        (x0, y0), (x1, y1) = s.lo, s.hi
        d = [(p[0] - x0, (-1.0, 0.0)), (x1 - p[0], (1.0, 0.0)), (p[1] - y0, (0.0, -1.0)), (y1 - p[1], (0.0, 1.0))]
        m = min(x[0] for x in d)
        return [x[1] for x in d if x[0] == m]


class Seg:
    def __init__(s, a, b):
        s.a, s.b = a, b

    def components(s, v, R):
        a, b = s.a, s.b
        out = [disc_iv(v, a, R), disc_iv(v, b, R)]
        u = (b[0] - a[0], b[1] - a[1])
        uu = u[0] * u[0] + u[1] * u[1]
        if uu > 0:
            # (p-a).u in [0,uu] ; (p-a)x u in [-R|u|, R|u|]
            k1 = v[0] * u[0] + v[1] * u[1]
            m1 = -(a[0] * u[0] + a[1] * u[1])
            k2 = v[0] * u[1] - v[1] * u[0]
            m2 = -(a[0] * u[1] - a[1] * u[0])
            w = R * dsqrt(uu)
            out.append(isect(slab(k1, m1, ZERO, uu), slab(k2, m2, -w, w)))
        return [c for c in out if c is not None]

    def closest(s, p):
        a, b = s.a, s.b
        u = (b[0] - a[0], b[1] - a[1])
        uu = u[0] * u[0] + u[1] * u[1]
        if uu == 0:
            return a
        t = ((p[0] - a[0]) * u[0] + (p[1] - a[1]) * u[1]) / uu
        t = min(max(t, ZERO), D(1))
        return (a[0] + t * u[0], a[1] + t * u[1])

    def sdist(s, p):
        q = s.closest(p)
        return dsqrt((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2)

    def cone_ok(s, q, n, tol, eps=ZERO):
        a, b = s.a, s.b
        u = (float(b[0] - a[0]), float(b[1] - a[1]))
        L = math.hypot(*u)
        if L == 0:
            return True
        u = (u[0] / L, u[1] / L)
        dot = n[0] * u[0] + n[1] * u[1]
        if abs(q[0] - a[0]) + abs(q[1] - a[1]) <= eps:
            return dot <= tol
        if abs(q[0] - b[0]) + abs(q[1] - b[1]) <= eps:
            return dot >= -tol
        return abs(dot) <= tol


# ---------------------------------------------------------------- float64 helpers for gap minimum
def fsdist(ob, p):
    if isinstance(ob, Box):
        (x0, y0), (x1, y1) = ob.flo, ob.fhi
        dx = max(x0 - p[0], 0.0, p[0] - x1)
        dy = max(y0 - p[1], 0.0, p[1] - y1)
        if dx > 0 or dy > 0:
            return math.hypot(dx, dy)
        return -min(p[0] - x0, x1 - p[0], p[1] - y0, y1 - p[1])
    a, b = ob.fa, ob.fb
    u = (b[0] - a[0], b[1] - a[1])
    uu = u[0] * u[0] + u[1] * u[1]
    if uu == 0:
        t = 0.0
    else:
        t = min(max(((p[0] - a[0]) * u[0] + (p[1] - a[1]) * u[1]) / uu, 0.0), 1.0)
    return math.hypot(p[0] - a[0] - t * u[0], p[1] - a[1] - t * u[1])


def gap_min(ob, v, R):
    """min over t in [0,1] of sdist(t v) - R (convex in t): golden section + endpoints."""
    f = lambda t: fsdist(ob, (t * v[0], t * v[1])) - R
    lo, hi = 0.0, 1.0
    g = (math.sqrt(5) - 1) / 2
    x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
    f1, f2 = f(x1), f(x2)
    for _ in range(90):
        if f1 <= f2:
            hi, x2, f2 = x2, x1, f1
            x1 = hi - g * (hi - lo)
            f1 = f(x1)
        else:
            lo, x1, f1 = x1, x2, f2
            x2 = lo + g * (hi - lo)
            f2 = f(x2)
    return min(f(0.0), f(1.0), f1, f2)


def proper_cross(ob, v, tol):
    """Motion segment [0,v] crosses the 1-D obstacle segment transversally with margin tol."""
    if isinstance(ob, Seg):
        a, b = ob.fa, ob.fb
    else:
        (x0, y0), (x1, y1) = ob.flo, ob.fhi
        if (x0 == x1) == (y0 == y1):
            return False
        a, b = (x0, y0), (x1, y1)
    u = (b[0] - a[0], b[1] - a[1])
    lu, lv = math.hypot(*u), math.hypot(*v)
    if lu == 0 or lv == 0:
        return False
    cr = lambda w, z: w[0] * z[1] - w[1] * z[0]
    d1 = cr(u, (-a[0], -a[1])) / lu
    d2 = cr(u, (v[0] - a[0], v[1] - a[1])) / lu
    d3 = cr(v, a) / lv
    d4 = cr(v, b) / lv
    return d1 * d2 < 0 and d3 * d4 < 0 and min(abs(d1), abs(d2), abs(d3), abs(d4)) > tol


def collinear_1d(ob, v):
    if isinstance(ob, Seg):
        a, b = ob.a, ob.b
    else:
        (x0, y0), (x1, y1) = ob.lo, ob.hi
        if (x0 == x1) == (y0 == y1):
            return False
        a, b = (x0, y0), (x1, y1)
    u = (b[0] - a[0], b[1] - a[1])
    return u[0] * v[1] - u[1] * v[0] == 0 and u[0] * a[1] - u[1] * a[0] == 0


# ---------------------------------------------------------------- the reference
# Near grazes closer than this (relative to max(r, |v|)) may go either way. The contract
# allows that for exact tangencies only; a smaller margin (EXACT_CHECK_SKIP_REL=1e-13)
# probes how close to a graze the answers stay right.
SKIP_REL = float(os.environ.get('EXACT_CHECK_SKIP_REL', '1e-6'))


def reference(q, skip_tol=None):
    """`skip_tol`, when given, replaces the graze margin `SKIP_REL · max(r, |v|)` (a
    family whose grazes are by construction a known fraction of r deep passes a margin
    relative to r). Returns a dict:
      verdict: 'hit' | 'miss' | 'skip'
      time, center (floats), normal (floats or None), normal_check (callable n -> bool),
      started_inside (True/False/None=either), gap (relative gap), why
    """
    kind = q['kind']

    def point(key):
        return [D(f32(x)) for x in q[key]]

    def rel(key):
        """the point at `key`, relative to the start"""
        p = point(key)
        return (p[0] - s[0], p[1] - s[1])

    s = point('start')
    e = point('end')
    r = D(f32(q['radius']))
    v = (e[0] - s[0], e[1] - s[1])
    if kind == 'aabb':
        ob = Box(rel('min'), rel('max'))
        ob.flo, ob.fhi = tuple(map(float, ob.lo)), tuple(map(float, ob.hi))
        R = r
    elif kind == 'segment':
        ob = Seg(rel('a'), rel('b'))
        ob.fa, ob.fb = tuple(map(float, ob.a)), tuple(map(float, ob.b))
        R = r
    elif kind == 'circle':
        os_, oe = point('other_start'), point('other_end')
        r2 = D(f32(q['other_radius']))
        ov = (oe[0] - os_[0], oe[1] - os_[1])
        c = rel('other_start')
        ob = Seg(c, c)
        ob.fa = ob.fb = tuple(map(float, c))
        R = r + r2
        ovel = ov
        v_abs = v
        v = (v[0] - ov[0], v[1] - ov[1])  # relative motion
    else:
        raise ValueError(kind)
    if kind != 'circle':
        v_abs = v
    fv = (float(v[0]), float(v[1]))
    lv = math.hypot(*fv)
    fR = float(R)
    scale = max(fR, lv)
    tol = SKIP_REL * scale if skip_tol is None else skip_tol(fR)
    out = {'why': '', 'ob': ob, 'fv': None, 'eps': EXACT * (D(repr(scale)) if scale > 0 else D(1))}
    # A point against a point only ever touches (the rules: never a hit), which this
    # oracle's first-crossing search does not model: a zero-length segment, a point box,
    # or two circles of radius 0.
    point_box = isinstance(ob, Box) and ob.lo == ob.hi
    if R == 0 and (point_box or (isinstance(ob, Seg) and ob.a == ob.b)):
        out.update(verdict='skip', why='r0-point-vs-point')
        return out

    def centre(t):
        return [float(s[0] + t * v_abs[0]), float(s[1] + t * v_abs[1])]

    def contact_normal(t):
        p = (t * v[0], t * v[1])
        qq = ob.closest(p)
        d = (p[0] - qq[0], p[1] - qq[1])
        L = dsqrt(d[0] * d[0] + d[1] * d[1])
        return p, qq, d, L

    f0 = ob.sdist((ZERO, ZERO)) - R
    scale_d = D(repr(scale)) if scale > 0 else D(1)
    exact0 = abs(f0) <= EXACT * scale_d

    # ---- started inside
    if f0 < 0 and not exact0:
        out.update(verdict='hit', time=0.0, center=centre(ZERO), started_inside=(None if R == 0 else True))
        p = (ZERO, ZERO)
        qq = ob.closest(p)
        d = (p[0] - qq[0], p[1] - qq[1])
        L = dsqrt(d[0] * d[0] + d[1] * d[1])
        if L > out['eps']:
            out['normal'] = [float(d[0] / L), float(d[1] / L)]
            out['normals'] = [out['normal']]
        elif isinstance(ob, Box) and ob.lo[0] < 0 < ob.hi[0] and ob.lo[1] < 0 < ob.hi[1]:
            out['normals'] = ob.push_normals(p)
            out['normal'] = out['normals'][0]
        else:  # centre on the boundary of the obstacle (or on the segment)
            out['normal'] = None
            out['cone'] = (qq, None)
        out['why'] = 'inside'
        out['gap'] = float(f0) / scale if scale else 0.0
        return out

    comps = ob.components(v, R)
    if comps:
        lo = min(c[0] for c in comps)
        hi = max(c[1] for c in comps)
    else:
        lo = hi = None

    # ---- touching exactly at t=0
    if exact0:
        h = D('1e-20')
        fh = ob.sdist((h * v[0], h * v[1])) - R
        if lv == 0:
            out.update(verdict='miss', why='touch0-still', strict_class='touch0-still')
        elif fh < -D('1e-35') * scale_d:
            out.update(verdict='hit', time=0.0, center=centre(ZERO), started_inside=False, why='touch0-in')
            p, qq, d, L = contact_normal(ZERO)
            if L > 0:
                out['normal'] = [float(d[0] / L), float(d[1] / L)]
            else:
                out['normal'] = None
                out['cone'] = (qq, fv)
        elif fh > D('1e-35') * scale_d:
            out.update(verdict='miss', why='touch0-away')
        else:
            out.update(verdict='skip', why='touch0-parallel')
        if R == 0 and out['verdict'] != 'skip':
            out['verdict'] = 'skip'
            out['why'] += '-r0'
        out['gap'] = 0.0
        return out

    g = gap_min(ob, fv, fR)
    out['gap'] = g / scale if scale else 0.0
    hit = lo is not None and lo <= 1 and hi >= 0
    if hit:
        t = max(lo, ZERO)
        f1 = ob.sdist((v[0], v[1])) - R
        touch1 = abs(f1) <= EXACT * scale_d and t >= 1 - D('1e-30')
        if touch1 and R == 0 and collinear_1d(ob, v):
            out.update(verdict='skip', why='touch1-r0-collinear')
            return out
        if touch1:
            t = D(1)
            # A touch at t = 1 is a hit unless the path is tangent there. With r > 0 the
            # approach rate is d·v exactly (d from the obstacle's nearest point to the end;
            # the squared distance to a convex set has gradient 2d), so any approach
            # counts, however shallow: a corner touched 2e-9 rad off the tangent is a hit.
            # A point (r = 0) on the obstacle has no d: a finite difference of the
            # distance decides, with a generous margin.
            if R > 0:
                q1 = ob.closest((v[0], v[1]))
                d1 = (v[0] - q1[0], v[1] - q1[1])
                rate = -(d1[0] * v[0] + d1[1] * v[1])
                tangent = rate <= EXACT * R * D(repr(lv))
            elif isinstance(ob, Box) and ob.lo[0] < ob.hi[0] and ob.lo[1] < ob.hi[1]:
                # A point (r = 0) and a box with an inside: a hit only if the path, carried
                # on past t = 1, goes inside; landing on a corner and passing it by is a
                # graze, like sliding along a side.
                h = D('1e-20')
                fh = ob.sdist(((1 + h) * v[0], (1 + h) * v[1]))
                if fh >= 0:
                    out.update(verdict='miss', why='touch1-r0-graze')
                    return out
                tangent = False
            else:
                h = D('1e-20')
                fh = ob.sdist(((1 - h) * v[0], (1 - h) * v[1])) - R
                tangent = fh / h < D('1e-3') * D(repr(lv))
            if tangent:
                out.update(verdict='skip', why='touch1-graze')
                return out
            out['why'] = 'touch1'
        elif -g <= tol and not proper_cross(ob, fv, tol):
            out.update(verdict='skip', why='graze-hit')
            return out
        out.update(verdict='hit', time=float(t), center=centre(t), started_inside=False)
        p, qq, d, L = contact_normal(t)
        # The normal is judged exactly while the contact distance (r, for r > 0) stands
        # well clear of the 60-digit arithmetic's noise; below that (r = 0), any normal
        # in the obstacle's normal cone counts. (At 1e-12 this let through side normals
        # for paths aimed exactly at a corner with r = 1e-16: tiny_radius_aim.)
        if L * D(10) ** 40 > scale_d:
            out['normal'] = [float(d[0] / L), float(d[1] / L)]
        else:
            out['normal'] = None
            out['cone'] = (qq, fv)
        return out
    if g <= tol:
        out.update(verdict='skip', why='graze-miss')
        return out
    out.update(verdict='miss')
    return out


