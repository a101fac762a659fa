"""Adversarial case generator.  gen(seed, n_per_family) yields (family, query-dict)."""
import math
import random
import struct
from ref import f32

F = f32


def P(x, y):
    return [F(x), F(y)]


def aabb(s, e, r, mn, mx):
    return {'kind': 'aabb', 'start': P(*s), 'end': P(*e), 'radius': F(r), 'min': P(*mn), 'max': P(*mx)}


def seg(s, e, r, a, b):
    return {'kind': 'segment', 'start': P(*s), 'end': P(*e), 'radius': F(r), 'a': P(*a), 'b': P(*b)}


def circ(s, e, r, os_, oe, r2):
    return {'kind': 'circle', 'start': P(*s), 'end': P(*e), 'radius': F(r),
            'other_start': P(*os_), 'other_end': P(*oe), 'other_radius': F(r2)}


def rbox(R, big=20.0, dyadic=False):
    if dyadic:
        x0 = R.randint(-40, 40) / 4
        y0 = R.randint(-40, 40) / 4
        return (x0, y0), (x0 + R.randint(0, 40) / 4, y0 + R.randint(0, 40) / 4)
    x0, y0 = R.uniform(-big, big), R.uniform(-big, big)
    return (x0, y0), (x0 + R.uniform(0, big), y0 + R.uniform(0, big))


def rpt(R, big=30.0):
    return (R.uniform(-big, big), R.uniform(-big, big))


def rrad(R):
    c = R.random()
    if c < 0.1:
        return 0.0
    if c < 0.2:
        return R.uniform(0, 0.01)
    if c < 0.8:
        return R.uniform(0, 5)
    return R.uniform(5, 40)


SMALL_OFFS = [0.0, 1e-7, -1e-7, 1e-6, -1e-6, 1e-5, -1e-5, 1e-4, -1e-4, 1e-3, -1e-3, 1e-2, -1e-2, 0.1, -0.1]


def fam_random(R):
    k = R.random()
    s, e = rpt(R), rpt(R)
    r = rrad(R)
    if k < 0.5:
        mn, mx = rbox(R)
        return aabb(s, e, r, mn, mx)
    if k < 0.8:
        return seg(s, e, r, rpt(R, 20), rpt(R, 20))
    return circ(s, e, r, rpt(R), rpt(R), rrad(R))


def fam_graze_side(R):
    """move parallel to a side at distance r (+ small offsets)."""
    mn, mx = rbox(R, dyadic=True)
    r = R.choice([0.5, 1.0, 2.0, 0.25, 3.0, 1.5, R.uniform(0.1, 5)])
    off = R.choice(SMALL_OFFS) * R.choice([1, r])
    side = R.randrange(4)
    L = R.uniform(0.5, 3) * (mx[0] - mn[0] + mx[1] - mn[1] + 4 * r + 1)
    a = R.uniform(-L, L)
    b = a + R.choice([-1, 1]) * R.uniform(0.1, 2) * L
    if side == 0:   # above top
        y = mx[1] + r + off
        return aabb((a, y), (b, y), r, mn, mx)
    if side == 1:
        y = mn[1] - r - off
        return aabb((a, y), (b, y), r, mn, mx)
    if side == 2:
        x = mn[0] - r - off
        return aabb((x, a), (x, b), r, mn, mx)
    x = mx[0] + r + off
    return aabb((x, a), (x, b), r, mn, mx)


def fam_corner_aim(R):
    mn, mx = rbox(R, dyadic=True)
    corners = [(mn[0], mn[1]), (mx[0], mn[1]), (mn[0], mx[1]), (mx[0], mx[1])]
    c = R.choice(corners)
    r = R.choice([0.0, 0.5, 1.0, 2.0, 5.0, R.uniform(0, 4)])
    # direction with small integer components so the path is exactly collinear with the corner
    while True:
        d = (R.randint(-5, 5), R.randint(-5, 5))
        if d != (0, 0):
            break
    m = R.choice([1, 2, 3, 4, 8]) + r
    n = R.choice([-2, 0, 0.5, 1, 2, 4])
    k = R.random()
    if k < 0.7:
        s = (c[0] - m * d[0], c[1] - m * d[1])
        e = (c[0] + n * d[0], c[1] + n * d[1])
    else:  # aim at corner of the expanded box (corner offset by r on both axes)
        sx = -1 if c[0] == mn[0] else 1
        sy = -1 if c[1] == mn[1] else 1
        cc = (c[0] + sx * r, c[1] + sy * r)
        s = (cc[0] - m * d[0], cc[1] - m * d[1])
        e = (cc[0] + n * d[0], cc[1] + n * d[1])
    return aabb(s, e, r, mn, mx)


def fam_corner_square(R):
    """path through the corner square [x0-r,x0]x[y0-r,y0] (bottom-left, then mirrored)."""
    w, h = R.uniform(0.5, 10), R.uniform(0.5, 10)
    r = R.choice([1.0, 2.0, 0.5, R.uniform(0.1, 5)])
    # choose entry on left edge x=-r (y in [-r,0]) or bottom edge y=-r, and exit on the other
    # through the square near its outer corner, staying outside the circle |p|<=r (mostly)
    u = R.uniform(0.0, 1.0)
    # points P1=(-r, -r + a), P2=(-r + b, -r); miss the circle iff line distance from origin > r
    a = R.uniform(0, r * R.choice([0.3, 0.6, 1.0, 1.2]))
    b = R.uniform(0, r * R.choice([0.3, 0.6, 1.0, 1.2]))
    P1 = (-r, -r + a)
    P2 = (-r + b, -r)
    dx, dy = P2[0] - P1[0], P2[1] - P1[1]
    if dx == 0 and dy == 0:
        dx = 1
    ext = R.uniform(0.5, 5)
    s = (P1[0] - ext * dx, P1[1] - ext * dy)
    e = (P2[0] + ext * dx * R.choice([1, 0.2, 5]), P2[1] + ext * dy * R.choice([1, 0.2, 5]))
    if R.random() < 0.5:
        s, e = e, s
    mn, mx = (0.0, 0.0), (w, h)
    # mirror / translate
    sx, sy = R.choice([1, -1]), R.choice([1, -1])
    tx, ty = R.uniform(-50, 50), R.uniform(-50, 50)
    def tr(p):
        return (sx * p[0] + tx, sy * p[1] + ty)
    bx = sorted([sx * 0 + tx, sx * w + tx])
    by = sorted([sy * 0 + ty, sy * h + ty])
    return aabb(tr(s), tr(e), r, (bx[0], by[0]), (bx[1], by[1]))


def obstacle_any(R, dyadic=True):
    k = R.random()
    if k < 0.45:
        mn, mx = rbox(R, dyadic=dyadic)
        return 'aabb', (mn, mx)
    if k < 0.8:
        a = (R.randint(-40, 40) / 4, R.randint(-40, 40) / 4)
        b = (R.randint(-40, 40) / 4, R.randint(-40, 40) / 4)
        if R.random() < 0.15:
            b = a
        return 'segment', (a, b)
    c = (R.randint(-40, 40) / 4, R.randint(-40, 40) / 4)
    return 'circle', (c, R.choice([0.0, 0.5, 1.0, 2.0, 3.0]))


def mk(kind, ob, s, e, r):
    if kind == 'aabb':
        return aabb(s, e, r, *ob)
    if kind == 'segment':
        return seg(s, e, r, *ob)
    return circ(s, e, r, ob[0], ob[0], ob[1])


def fam_zero_motion(R):
    kind, ob = obstacle_any(R)
    r = R.choice([0.0, 0.5, 1.0, 2.0, 3.0, R.uniform(0, 3)])
    k = R.random()
    if kind == 'aabb':
        mn, mx = ob
        if k < 0.4:  # touching a side or a corner exactly
            side = R.randrange(6)
            if side == 0:
                p = (mn[0] - r, R.choice([mn[1], mx[1], (mn[1] + mx[1]) / 2]))
            elif side == 1:
                p = (R.choice([mn[0], mx[0], (mn[0] + mx[0]) / 2]), mx[1] + r)
            elif side == 2:
                p = (mx[0] + r, mn[1])
            else:
                # 3-4-5 at a corner
                sc = R.choice([0.2, 0.4, 1.0])
                r = 5 * sc
                p = (mx[0] + 3 * sc, mx[1] + 4 * sc)
        else:
            p = (R.uniform(mn[0] - r - 2, mx[0] + r + 2), R.uniform(mn[1] - r - 2, mx[1] + r + 2))
    elif kind == 'segment':
        a, b = ob
        if k < 0.4 and a != b:
            ux, uy = b[0] - a[0], b[1] - a[1]
            L = math.hypot(ux, uy)
            # touch at endpoint along the axis direction
            if R.random() < 0.5 and (ux == 0 or uy == 0):
                p = (b[0] + r * ux / L, b[1] + r * uy / L)
            elif ux == 0 or uy == 0:
                p = ((a[0] + b[0]) / 2 + r * (-uy) / L, (a[1] + b[1]) / 2 + r * ux / L)
            else:
                p = (b[0] + 3 * r / 5, b[1] + 4 * r / 5)
        else:
            p = (R.uniform(-12, 12), R.uniform(-12, 12))
    else:
        c, r2 = ob
        if k < 0.4:
            sc = R.choice([0.2, 0.5, 1.0, 2.0])
            tot = 5 * sc
            r = max(tot - r2, 0.0)
            r2b = tot - r
            p = (c[0] + R.choice([3, -3, 0, 5]) * sc, c[1] + 4 * sc)
            if abs(p[0] - c[0]) == 5 * sc:
                p = (p[0], c[1])
            return circ(p, p, r, c, c, r2b)
        p = (R.uniform(-12, 12), R.uniform(-12, 12))
    return mk(kind, ob, p, p, r)


def fam_touch_t1(R):
    """end exactly at contact distance."""
    kind = R.choice(['aabb', 'aabb', 'segment', 'circle'])
    sc = R.choice([0.25, 0.5, 1.0, 2.0])
    r = 5 * sc
    if kind == 'aabb':
        mn, mx = rbox(R, dyadic=True)
        k = R.randrange(3)
        if k == 0:   # face
            e = (mn[0] - r, R.choice([mn[1], mx[1], (mn[1] + mx[1]) / 2]))
        elif k == 1:
            e = (R.choice([mn[0], mx[0], (mn[0] + mx[0]) / 2]), mx[1] + r)
        else:        # corner 3-4-5
            e = (mx[0] + 3 * sc, mx[1] + 4 * sc)
        d = (R.randint(-3, 3), R.randint(1, 6)) if k else (R.randint(-6, -1), R.randint(-3, 3))
        m = R.choice([0.5, 1, 2, 3])
        s = (e[0] + m * d[0], e[1] + m * d[1])
        if k == 2:
            s = (e[0] + m * R.randint(0, 4), e[1] + m * R.randint(0, 4))
        return aabb(s, e, r, mn, mx)
    if kind == 'segment':
        a = (R.randint(-10, 10), R.randint(-10, 10))
        if R.random() < 0.5:
            b = (a[0] + R.randint(1, 10), a[1])
            e = (R.uniform(a[0] - 3 * sc, b[0] + 3 * sc), a[1] + r)
            if e[0] < a[0]:
                e = (a[0] - 3 * sc, a[1] + 4 * sc)
            elif e[0] > b[0]:
                e = (b[0] + 3 * sc, b[1] + 4 * sc)
        else:
            b = a
            e = (a[0] + 3 * sc, a[1] - 4 * sc)
        s = (e[0] + R.randint(-4, 4), e[1] + R.choice([-1, 1]) * R.randint(1, 6))
        return seg(s, e, r, a, b)
    # circle: both move, end separation exactly r+r2 = 5 sc
    r1 = R.choice([0.0, 1.0, 2.0, 3.0]) * sc
    r2 = r - r1
    oe = (R.randint(-10, 10), R.randint(-10, 10))
    e = (oe[0] + 3 * sc, oe[1] + 4 * sc)
    os_ = (oe[0] + R.randint(-3, 3), oe[1] + R.randint(-3, 3))
    s = (e[0] + R.randint(0, 6), e[1] + R.randint(0, 6))
    return circ(s, e, r1, os_, oe, r2)


def fam_big_radius(R):
    mn, mx = rbox(R, big=2.0)
    r = R.uniform(5, 100)
    s = rpt(R, 150)
    e = rpt(R, 150) if R.random() < 0.8 else s
    return aabb(s, e, r, mn, mx)


def fam_degenerate_box(R):
    x0, y0 = R.randint(-20, 20) / 2, R.randint(-20, 20) / 2
    k = R.randrange(3)
    w = 0 if k in (0, 2) else R.randint(1, 20) / 2
    h = 0 if k in (1, 2) else R.randint(1, 20) / 2
    r = R.choice([0.0, 0.5, 1.0, 2.0, R.uniform(0, 3)])
    mn, mx = (x0, y0), (x0 + w, y0 + h)
    c = R.random()
    if c < 0.3:   # axis-parallel motion along the degenerate line
        if w == 0:
            s, e = (x0 + R.choice([0, r, -r, r * 0.5]), y0 - 10), (x0 + R.choice([0, r, -r]), y0 + h + 10)
        else:
            s, e = (x0 - 10, y0 + R.choice([0, r, -r, r * 0.5])), (x0 + w + 10, y0 + R.choice([0, r, -r]))
    else:
        s, e = rpt(R, 15), rpt(R, 15)
    return aabb(s, e, r, mn, mx)


def fam_zero_len_segment(R):
    a = (R.randint(-20, 20) / 2, R.randint(-20, 20) / 2)
    r = R.choice([0.0, 0.5, 1.0, 2.0, R.uniform(0, 3)])
    c = R.random()
    if c < 0.3:
        s = (a[0] - 10, a[1] + R.choice([0, r, -r, r / 2, r * 1.0000001]))
        e = (a[0] + R.choice([10, 0, -r, -2 * r]), s[1])
    else:
        s, e = rpt(R, 15), rpt(R, 15)
    return seg(s, e, r, a, a)


def fam_large_coords(R):
    base = (R.choice([1, -1]) * R.uniform(5e5, 4e6), R.choice([1, -1]) * R.uniform(5e5, 4e6))
    big = R.random() < 0.5
    span = R.uniform(1e4, 2e6) if big else R.uniform(0.1, 100)
    obsz = R.uniform(0.1, 1e4) if big else R.uniform(0.1, 50)
    r = R.uniform(0, obsz) if R.random() < 0.9 else 0.0
    off = lambda sz: (base[0] + R.uniform(-sz, sz), base[1] + R.uniform(-sz, sz))
    s = off(span)
    e = off(span)
    kind = R.choice(['aabb', 'segment', 'circle'])
    if kind == 'aabb':
        c = off(span / 2)
        w, h = R.uniform(0, obsz), R.uniform(0, obsz)
        if R.random() < 0.3:  # graze-like: exact on-axis motion near the side
            y = F(c[1] + h) + F(r)
            return aabb((s[0], y), (e[0], y), r, (c[0], c[1]), (c[0] + w, c[1] + h))
        return aabb(s, e, r, (c[0], c[1]), (c[0] + w, c[1] + h))
    if kind == 'segment':
        return seg(s, e, r, off(span / 2), off(span / 2))
    return circ(s, e, r, off(span), off(span), R.uniform(0, obsz))


def fam_axis_parallel(R):
    kind, ob = obstacle_any(R, dyadic=R.random() < 0.5)
    r = R.choice([0.0, 0.5, 1.0, 2.0, R.uniform(0, 5)])
    y = R.choice([R.randint(-48, 48) / 4, R.uniform(-12, 12)])
    a, b = R.uniform(-25, 25), R.uniform(-25, 25)
    if R.random() < 0.5:
        s, e = (a, y), (b, y)
    else:
        s, e = (y, a), (y, b)
    return mk(kind, ob, s, e, r)


def fam_circles(R):
    k = R.randrange(5)
    r1, r2 = R.choice([0.0, 0.5, 1.0, 2.0, R.uniform(0, 3)]), R.choice([0.0, 0.5, 1.0, 2.0, R.uniform(0, 3)])
    if k == 0:  # head-on both moving along the x axis (or a diagonal)
        d = R.choice([(1, 0), (0, 1), (1, 1), (3, 4)])
        c = (R.randint(-5, 5), R.randint(-5, 5))
        L1, L2 = R.randint(1, 20), R.randint(1, 20)
        off = R.choice([0, 0, 0.5, r1 + r2, r1 + r2 + 1e-3])
        s = (c[0] - L1 * d[0], c[1] - L1 * d[1] + off)
        e = (c[0] + L1 * d[0], c[1] + L1 * d[1] + off)
        os_ = (c[0] + L2 * d[0], c[1] + L2 * d[1])
        oe = (c[0] - L2 * d[0], c[1] - L2 * d[1])
        return circ(s, e, r1, os_, oe, r2)
    if k == 1:  # parallel moving, same velocity (relative motion zero) or nearly
        v = rpt(R, 20)
        s = rpt(R, 10)
        os_ = R.choice([(s[0] + r1 + r2, s[1]), rpt(R, 10), (s[0], s[1] + (r1 + r2) * 0.5)])
        dv = R.choice([0, 0, 1e-3, 1e-6])
        return circ(s, (s[0] + v[0], s[1] + v[1]), r1, os_, (os_[0] + v[0] + dv, os_[1] + v[1]), r2)
    if k == 2:  # tangent paths: relative motion exactly along a line at distance r1+r2
        R1, R2 = R.choice([0.5, 1.0, 2.0]), R.choice([0.5, 1.0, 1.5])
        off = R.choice([0.0, 1e-6, -1e-6, 1e-4, -1e-4, 1e-2, -1e-2])
        y = R1 + R2 + off
        s = (-10.0, y)
        e = (10.0, y)
        sh = rpt(R, 5)
        w = rpt(R, 5)  # common drift added to both
        return circ((s[0] + sh[0], s[1] + sh[1]), (e[0] + sh[0] + w[0], e[1] + sh[1] + w[1]), R1,
                    sh, (sh[0] + w[0], sh[1] + w[1]), R2)
    if k == 3:  # coincident / overlapping start
        s = rpt(R, 5)
        os_ = R.choice([s, (s[0] + R.uniform(-1, 1) * (r1 + r2), s[1])])
        return circ(s, rpt(R, 10), r1, os_, rpt(R, 10), r2)
    s, e, os_, oe = rpt(R, 20), rpt(R, 20), rpt(R, 20), rpt(R, 20)
    return circ(s, e, r1 + R.uniform(0, 5), os_, oe, r2)


def fam_radius0(R):
    kind, ob = obstacle_any(R, dyadic=R.random() < 0.5)
    if R.random() < 0.5:
        s, e = rpt(R, 15), rpt(R, 15)
    else:
        s = (R.randint(-48, 48) / 4, R.randint(-48, 48) / 4)
        e = (R.randint(-48, 48) / 4, R.randint(-48, 48) / 4)
    if kind == 'circle':
        return circ(s, e, 0.0, ob[0], R.choice([ob[0], rpt(R, 10)]), R.choice([0.0, ob[1]]))
    return mk(kind, ob, s, e, 0.0)


def fam_inside_special(R):
    kind = R.choice(['aabb', 'aabb', 'segment', 'circle'])
    r = R.choice([0.5, 1.0, 2.0, 0.0, R.uniform(0, 3)])
    e = rpt(R, 15)
    if kind == 'aabb':
        x0, y0 = R.randint(-20, 20) / 2, R.randint(-20, 20) / 2
        w = R.randint(1, 12) / 2
        h = R.choice([w, R.randint(1, 12) / 2])
        mn, mx = (x0, y0), (x0 + w, y0 + h)
        k = R.randrange(5)
        if k == 0:
            s = (x0 + w / 2, y0 + h / 2)
        elif k == 1:
            s = (x0, R.uniform(y0, y0 + h))
        elif k == 2:
            s = (R.uniform(x0, x0 + w), y0 + h)
        elif k == 3:
            s = R.choice([(x0, y0), (x0 + w, y0 + h), (x0, y0 + h)])
        else:  # equal depth to two sides
            dd = min(w, h) / 4
            s = (x0 + dd, y0 + dd)
        if R.random() < 0.3:
            e = s
        return aabb(s, e, r, mn, mx)
    if kind == 'segment':
        a = (R.randint(-10, 10), R.randint(-10, 10))
        k = R.randint(1, 4)
        b = R.choice([a, (a[0] + R.randint(1, 8), a[1]), (a[0] + 3, a[1] + 4),
                      (a[0] + k, a[1] + k), (a[0] - k, a[1] + k), (a[0] + 2 * k, a[1] - k)])
        s = R.choice([a, b, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), ((3 * a[0] + b[0]) / 4, (3 * a[1] + b[1]) / 4)])
        if R.random() < 0.3:
            e = s
        return seg(s, e, r, a, b)
    s = rpt(R, 5)
    return circ(s, e, r, s, rpt(R, 10), R.choice([0.0, 1.0]))


def fam_tiny_motion(R):
    kind, ob = obstacle_any(R, dyadic=True)
    r = R.choice([0.5, 1.0, 2.0, R.uniform(0.1, 3)])
    step = R.choice([1e-4, 3e-5, 1e-4 * R.uniform(0.5, 2)])
    dirn = R.uniform(0, 2 * math.pi)
    delta = R.uniform(-2, 2) * step
    if kind == 'aabb':
        mn, mx = ob
        side = R.randrange(5)
        if side == 0:
            s = (mn[0] - r - delta, R.uniform(mn[1], mx[1]))
            dirn = R.uniform(-math.pi / 2, math.pi / 2)
        elif side == 1:
            s = (R.uniform(mn[0], mx[0]), mx[1] + r + delta)
            dirn = R.uniform(-math.pi, 0)
        else:  # near a corner
            ang = R.uniform(0, math.pi / 2)
            s = (mx[0] + (r + delta) * math.cos(ang), mx[1] + (r + delta) * math.sin(ang))
            dirn = ang + math.pi + R.uniform(-1.4, 1.4)
        e = (s[0] + step * math.cos(dirn), s[1] + step * math.sin(dirn))
        return aabb(s, e, r, mn, mx)
    if kind == 'segment':
        a, b = ob
        t = R.random()
        q = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
        ang = R.uniform(0, 2 * math.pi)
        s = (q[0] + (r + delta) * math.cos(ang), q[1] + (r + delta) * math.sin(ang))
        e = (s[0] + step * math.cos(dirn), s[1] + step * math.sin(dirn))
        return seg(s, e, r, a, b)
    c, r2 = ob
    ang = R.uniform(0, 2 * math.pi)
    s = (c[0] + (r + r2 + delta) * math.cos(ang), c[1] + (r + r2 + delta) * math.sin(ang))
    e = (s[0] + step * math.cos(dirn), s[1] + step * math.sin(dirn))
    return circ(s, e, r, c, c, r2)


def fam_touch0(R):
    """start exactly in contact, moving in / away / parallel."""
    kind = R.choice(['aabb', 'segment', 'circle'])
    sc = R.choice([0.25, 0.5, 1.0, 2.0])
    r = 5 * sc
    mv = R.choice([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-3, 2), (3, -4), (-4, -3)])
    m = R.choice([0.5, 1, 3, 10])
    if kind == 'aabb':
        mn, mx = rbox(R, dyadic=True)
        s = R.choice([(mn[0] - r, (mn[1] + mx[1]) / 2), (mx[0] + 3 * sc, mx[1] + 4 * sc),
                      ((mn[0] + mx[0]) / 2, mn[1] - r), (mx[0] + r, mx[1])])
        return aabb(s, (s[0] + m * mv[0], s[1] + m * mv[1]), r, mn, mx)
    if kind == 'segment':
        a = (R.randint(-10, 10), R.randint(-10, 10))
        b = R.choice([a, (a[0] + 4, a[1])])
        s = R.choice([(a[0] + 3 * sc, a[1] + 4 * sc), (a[0] - r, a[1]), (a[0], a[1] - r)])
        return seg(s, (s[0] + m * mv[0], s[1] + m * mv[1]), r, a, b)
    c = (R.randint(-10, 10), R.randint(-10, 10))
    r1 = R.choice([0.0, 1.0, 2.0]) * sc
    s = (c[0] + 3 * sc, c[1] - 4 * sc)
    w = R.choice([(0, 0), (1, 0), (0, 1)])
    return circ(s, (s[0] + m * mv[0], s[1] + m * mv[1]), r1, c, (c[0] + w[0], c[1] + w[1]), r - r1)


FAMILIES = {
    'random': fam_random,
    'graze_side': fam_graze_side,
    'corner_aim': fam_corner_aim,
    'corner_square': fam_corner_square,
    'zero_motion': fam_zero_motion,
    'touch_t1': fam_touch_t1,
    'big_radius': fam_big_radius,
    'degenerate_box': fam_degenerate_box,
    'zero_len_segment': fam_zero_len_segment,
    'large_coords': fam_large_coords,
    'axis_parallel': fam_axis_parallel,
    'circles': fam_circles,
    'radius0': fam_radius0,
    'inside_special': fam_inside_special,
    'tiny_motion': fam_tiny_motion,
    'touch0': fam_touch0,
}


def gen(seed, n):
    R = random.Random(seed)
    for name, fn in FAMILIES.items():
        for _ in range(n):
            yield name, fn(R)


def fam_expanded_corner_entry(R):
    """path through (x0-r, y0) / (x0, y0-r): where the face slab meets the corner disc."""
    mn, mx = rbox(R, dyadic=True)
    r = R.choice([0.5, 1.0, 2.0, 0.25, 4.0])
    sx, sy = R.choice([(-1, 0), (0, -1), (1, 0), (0, 1)]), None
    cx = R.choice([mn[0], mx[0]])
    cy = R.choice([mn[1], mx[1]])
    ox = -1 if cx == mn[0] else 1
    oy = -1 if cy == mn[1] else 1
    if R.random() < 0.5:
        P = (cx + ox * r, cy)
    else:
        P = (cx, cy + oy * r)
    d = (R.randint(-6, 6), R.randint(-6, 6))
    if d == (0, 0):
        d = (ox, 0)
    m = R.choice([1, 2, 5]) + r
    n = R.choice([0, 0.5, 1, 3])
    # approach from outside: choose sign so start is outside-ish
    s = (P[0] - m * d[0], P[1] - m * d[1])
    e = (P[0] + n * d[0], P[1] + n * d[1])
    if R.random() < 0.5:
        s = (P[0] + m * d[0], P[1] + m * d[1])
        e = (P[0] - n * d[0], P[1] - n * d[1])
    return aabb(s, e, r, mn, mx)


def fam_near_t_edges(R):
    """contact time very close to 0 or 1 (long motions, contact just after start / just before end)."""
    kind, ob = obstacle_any(R, dyadic=True)
    r = R.choice([0.5, 1.0, 2.0])
    # pick a random direction, find the contact point by placing start at distance r+eps
    th = R.uniform(0, 2 * math.pi)
    dirn = (math.cos(th), math.sin(th))
    L = R.choice([1.0, 10.0, 1000.0, 1e5])
    eps = R.choice([1e-7, 1e-6, 1e-5, 1e-4]) * L
    # construct target then back off; reference decides what really happens
    if kind == 'aabb':
        mn, mx = ob
        tgt = (R.uniform(mn[0], mx[0]), R.uniform(mn[1], mx[1]))
    elif kind == 'segment':
        a, b = ob
        u = R.random()
        tgt = (a[0] + u * (b[0] - a[0]), a[1] + u * (b[1] - a[1]))
    else:
        tgt = ob[0]
    # ray toward the target from far away; choose start so that contact is near t=0 or t=1
    far = (tgt[0] - 50 * dirn[0], tgt[1] - 50 * dirn[1])
    # find contact distance along the ray numerically via the reference-free bisection on float distance
    from ref import fsdist, Box, Seg
    if kind == 'aabb':
        o = Box(None, None); o.flo, o.fhi = ob[0], ob[1]; RR = r
    elif kind == 'segment':
        o = Seg(None, None); o.fa, o.fb = ob[0], ob[1]; RR = r
    else:
        o = Seg(None, None); o.fa = o.fb = ob[0]; RR = r + ob[1]
    lo, hi = 0.0, 50.0
    if fsdist(o, far) - RR <= 0:
        return mk(kind, ob, far, tgt, r)
    for _ in range(80):
        mid = (lo + hi) / 2
        p = (far[0] + mid * dirn[0], far[1] + mid * dirn[1])
        if fsdist(o, p) - RR > 0:
            lo = mid
        else:
            hi = mid
    c = (far[0] + lo * dirn[0], far[1] + lo * dirn[1])
    if R.random() < 0.5:  # contact near t=0
        s = (c[0] - eps * dirn[0], c[1] - eps * dirn[1])
        e = (s[0] + L * dirn[0], s[1] + L * dirn[1])
    else:                 # near t=1
        e = (c[0] + R.choice([1, -1]) * eps * dirn[0], c[1] + R.choice([1, -1]) * eps * dirn[1])
        s = (e[0] - L * dirn[0], e[1] - L * dirn[1])
    return mk(kind, ob, s, e, r)


def fam_segment_special(R):
    a = (R.randint(-10, 10), R.randint(-10, 10))
    d = R.choice([(1, 0), (0, 1), (3, 4), (1, 1), (-2, 1), (5, -12)])
    k = R.randint(1, 4)
    b = (a[0] + k * d[0], a[1] + k * d[1])
    r = R.choice([0.0, 0.5, 1.0, 2.0, 5.0])
    c = R.randrange(4)
    L = math.hypot(*d)
    perp = (-d[1] / L, d[0] / L)
    if c == 0:  # collinear, approaching an end cap
        s = (a[0] - R.randint(2, 20) * d[0], a[1] - R.randint(2, 20) * d[1])
        e = (a[0] + R.choice([-1, 0, 1, 10]) * d[0], a[1] + R.choice([-1, 0, 1, 10]) * d[1])
    elif c == 1:  # parallel at offset r (+small)
        off = r + R.choice([0.0, 1e-6, -1e-6, 1e-3, -1e-3, 0.3, -0.3]) * max(r, 1)
        s = (a[0] - 5 * d[0] + off * perp[0], a[1] - 5 * d[1] + off * perp[1])
        e = (b[0] + 5 * d[0] + off * perp[0], b[1] + 5 * d[1] + off * perp[1])
    elif c == 2:  # perpendicular crossing at a random fraction, incl. exactly at the ends
        u = R.choice([0.0, 1.0, 0.5, R.random(), -1e-3, 1.001])
        q = (a[0] + u * (b[0] - a[0]), a[1] + u * (b[1] - a[1]))
        m = R.choice([r + 3, r + 0.5, 20])
        s = (q[0] + m * perp[0], q[1] + m * perp[1])
        e = (q[0] - m * perp[0], q[1] - m * perp[1])
    else:       # oblique random through/near
        s = (a[0] + R.uniform(-15, 15), a[1] + R.uniform(-15, 15))
        e = (b[0] + R.uniform(-3, 3), b[1] + R.uniform(-3, 3))
    if R.random() < 0.5:
        a, b = b, a
    return seg(s, e, r, a, b)


def _scale_q(q, k):
    f = 2.0 ** k
    out = dict(q)
    for key, val in q.items():
        if key == 'kind':
            continue
        if isinstance(val, list):
            out[key] = [F(x * f) for x in val]
        else:
            out[key] = F(val * f)
    return out


def fam_scaled(R):
    """power-of-two scaling of other adversarial cases (exact in f32): time/normal invariant."""
    src = R.choice([fam_random, fam_corner_aim, fam_corner_square, fam_touch_t1, fam_circles,
                    fam_segment_special, fam_tiny_motion, fam_graze_side, fam_inside_special])
    q = src(R)
    k = R.choice([R.randint(-90, 100), R.randint(-30, 30), R.choice([-60, -40, 20, 40, 60, 80, 100])])
    return _scale_q(q, k)


def fam_translated(R):
    """translate adversarial cases far away (not exact: f32 rounding) ."""
    src = R.choice([fam_corner_aim, fam_corner_square, fam_touch_t1, fam_circles,
                    fam_segment_special, fam_graze_side, fam_inside_special, fam_random])
    q = src(R)
    t = (R.choice([1, -1]) * 2.0 ** R.randint(10, 26), R.choice([1, -1]) * 2.0 ** R.randint(10, 26))
    out = dict(q)
    for key in ('start', 'end', 'min', 'max', 'a', 'b', 'other_start', 'other_end'):
        if key in q:
            out[key] = [F(q[key][0] + t[0]), F(q[key][1] + t[1])]
    return out


FAMILIES.update({
    'expanded_corner_entry': fam_expanded_corner_entry,
    'near_t_edges': fam_near_t_edges,
    'segment_special': fam_segment_special,
    'scaled': fam_scaled,
    'translated': fam_translated,
})


def fam_touch_t1_diag(R):
    """exact touch at t=1 on a diagonal segment's face or end cap (3-4-5 geometry), r>=0."""
    a = (R.randint(-10, 10), R.randint(-10, 10))
    d = R.choice([(3, 4), (4, -3), (-3, -4), (1, 1), (2, 1), (-1, 2), (8, -3)])
    k = R.randint(1, 4)
    b = (a[0] + k * d[0], a[1] + k * d[1])
    u = R.randint(0, 4 * k) / 4 / k           # fraction along the segment (dyadic)
    q = (a[0] + u * (b[0] - a[0]), a[1] + u * (b[1] - a[1]))
    sc = R.choice([0.0, 0.25, 0.5, 1.0, 2.0])
    side = R.choice([1, -1])
    if d in ((3, 4), (4, -3), (-3, -4)):      # |d| = 5: exact perpendicular offset r = 5 sc
        r = 5 * sc
        e = (q[0] - side * 4 * sc * d[1] / 4 * 4 / 5 * 5 / 5 if False else q[0] - side * sc * d[1], q[1] + side * sc * d[0])
    else:
        r = 0.0
        e = q
    w = (R.randint(-6, 6), R.randint(-6, 6))
    if w == (0, 0):
        w = (side * -d[1], side * d[0])
    s = (e[0] + w[0], e[1] + w[1])
    return seg(s, e, r, a, b)


FAMILIES['touch_t1_diag'] = fam_touch_t1_diag


def fam_huge_motion(R):
    """motions and coordinates far larger than the radius (1e8..1e38)."""
    E = 10.0 ** R.uniform(8, 38)
    r = R.choice([0.5, 1.0, 10.0, E * 1e-9, E * 1e-4])
    kind = R.choice(['aabb', 'segment', 'circle'])
    th = R.uniform(0, 2 * math.pi)
    d = (math.cos(th), math.sin(th))
    off = R.choice([0.0, R.uniform(-2, 2) * r])
    s = (-E * d[0] - off * d[1], -E * d[1] + off * d[0])
    e = (E * d[0] - off * d[1], E * d[1] + off * d[0])
    if kind == 'aabb':
        w = R.choice([r, 1.0, E * 1e-6])
        return aabb(s, e, r, (-w, -w), (w, w))
    if kind == 'segment':
        w = R.choice([r, 1.0, E * 1e-6])
        return seg(s, e, r, (-w, R.uniform(-w, w)), (w, R.uniform(-w, w)))
    r2 = R.choice([r, 1.0])
    return circ(s, (0.0, 0.0) if R.random() < 0.3 else e, r, e, (0.0, 0.0) if R.random() < 0.5 else s, r2)


FAMILIES['huge_motion'] = fam_huge_motion


TRIPLES = [(3, 4, 5), (5, 12, 13), (8, 15, 17), (7, 24, 25), (20, 21, 29), (9, 40, 41), (12, 35, 37), (11, 60, 61)]


def _rk(R, bits=18):
    """random positive f32 with a short mantissa (so small multiples stay exact)."""
    m = R.randint(1 << (bits - 1), (1 << bits) - 1)
    return m * 2.0 ** (R.randint(-30, 4) - bits)


def _rc(R, bits=16):
    m = R.randint(-(1 << bits), 1 << bits)
    return m * 2.0 ** R.randint(-12, 0)


def fam_exact_touch(R):
    """exact contact (dx^2+dy^2 == r^2 in exact arithmetic) at t=0 or t=1 at an end cap / corner /
    circle, with generic (non-integer) f32 values."""
    a_, b_, c_ = R.choice(TRIPLES)
    k = _rk(R)
    sx, sy = R.choice([1, -1]), R.choice([1, -1])
    dx, dy = sx * a_ * k, sy * b_ * k
    if R.random() < 0.5:
        dx, dy = dy, dx
    r = c_ * k
    kind = R.choice(['aabb', 'segment', 'circle'])
    P = (_rc(R), _rc(R))                       # contact feature point
    C = (P[0] + dx, P[1] + dy)                 # centre in contact
    if F(C[0]) != C[0] or F(C[1]) != C[1]:
        C = (F(C[0]), F(C[1]))                 # not exact any more: reference decides
    mode = R.choice(['still', 'away', 'in', 'tangent', 't1', 't1'])
    w = (R.randint(-4, 4) * k, R.randint(-4, 4) * k)
    if mode == 'still':
        s, e = C, C
    elif mode == 'away':
        s, e = C, (C[0] + dx * R.choice([1, 0.5, 3]), C[1] + dy * R.choice([1, 0.5, 3]))
    elif mode == 'in':
        s, e = C, (C[0] - dx * R.choice([1, 0.5, 3]), C[1] - dy * R.choice([1, 0.5, 3]))
    elif mode == 'tangent':
        s, e = C, (C[0] - dy, C[1] + dx)
    else:
        s, e = (C[0] + dx + w[0], C[1] + dy + w[1]), C
    if kind == 'aabb':
        # P is the corner facing the centre: box extends away from (dx, dy)
        W, H = _rk(R) * R.randint(1, 50), _rk(R) * R.randint(1, 50)
        x0, x1 = (P[0] - W, P[0]) if dx > 0 else (P[0], P[0] + W)
        y0, y1 = (P[1] - H, P[1]) if dy > 0 else (P[1], P[1] + H)
        return aabb(s, e, r, (x0, y0), (x1, y1))
    if kind == 'segment':
        # P is end b; segment goes from a further away, direction within 90deg of -(dx,dy)
        L = R.randint(1, 40)
        a = (P[0] - dx * L / 4 + dy * R.randint(-3, 3) / 8, P[1] - dy * L / 4 - dx * R.randint(-3, 3) / 8)
        if R.random() < 0.5:
            return seg(s, e, r, a, P)
        return seg(s, e, r, P, a)
    r1 = R.randint(0, c_) * k
    ov = (R.choice([0, 1, -1]) * k, R.choice([0, 1, -1]) * k) if mode != 'still' else (0, 0)
    # other circle: same displacement ov in both end points keeps contact geometry relative; shift
    if mode in ('t1',):
        return circ((s[0] + ov[0], s[1] + ov[1]), e, r1, (P[0] + ov[0], P[1] + ov[1]), P, r - r1)
    return circ(s, (e[0] + ov[0], e[1] + ov[1]), r1, P, (P[0] + ov[0], P[1] + ov[1]), r - r1)


FAMILIES['exact_touch'] = fam_exact_touch


def fam_touch0_diag(R):
    """exact touch at t=0 on a diagonal segment's face (|d| = 5 so the offset is exact),
    moving in / away / along / not at all."""
    a = (R.randint(-10, 10), R.randint(-10, 10))
    d = R.choice([(3, 4), (4, -3), (-3, -4), (-4, 3), (6, 8)])
    L = math.hypot(*d)
    k = R.randint(1, 4)
    b = (a[0] + k * d[0], a[1] + k * d[1])
    u = R.randint(1, 4 * k - 1) / 4 / k
    q = (a[0] + u * (b[0] - a[0]), a[1] + u * (b[1] - a[1]))
    sc = R.choice([0.25, 0.5, 1.0, 2.0]) * 5 / L
    side = R.choice([1, -1])
    r = L * sc
    n = (-side * d[1] * sc / r, side * d[0] * sc / r)     # unit normal toward the centre
    s = (q[0] - side * sc * d[1], q[1] + side * sc * d[0])
    mode = R.choice(['in', 'in', 'away', 'still', 'along', 'oblique_in'])
    m = R.choice([0.5, 1, 2, 5])
    if mode == 'in':
        e = (s[0] - m * n[0] * 4, s[1] - m * n[1] * 4)
    elif mode == 'away':
        e = (s[0] + m * n[0] * 4, s[1] + m * n[1] * 4)
    elif mode == 'still':
        e = s
    elif mode == 'along':
        e = (s[0] + m * d[0], s[1] + m * d[1])
    else:
        e = (s[0] + R.randint(-6, 6), s[1] + R.randint(-6, 6))
    if R.random() < 0.5:
        a, b = b, a
    return seg(s, e, r, a, b)


FAMILIES['touch0_diag'] = fam_touch0_diag


def fam_parallel_movers(R):
    """two circles travelling side by side from near 0 to near 1e6: their relative
    motion is tiny next to each motion, so it is lost if each motion is rounded first."""
    E = 10.0 ** R.uniform(2, 6)
    th = R.uniform(0, 2 * math.pi)
    end = (E * math.cos(th), E * math.sin(th))
    scale = 10.0 ** R.uniform(-9, -2)
    s1 = (R.uniform(-1, 1) * scale, R.uniform(-1, 1) * scale)
    s2 = (s1[0] + R.uniform(-1, 1) * scale, s1[1] + R.uniform(-1, 1) * scale)
    gap = math.hypot(s2[0] - s1[0], s2[1] - s1[1])
    r1 = R.uniform(0, 0.5) * gap
    r2 = R.choice([0.0, R.uniform(0, 0.4) * gap])
    # Same end (they meet at 1 - (r1 + r2) / gap), or ends apart by about the start gap.
    other_end = end if R.random() < 0.6 else (end[0] + R.uniform(-1, 1) * gap, end[1] + R.uniform(-1, 1) * gap)
    return circ(s1, end, r1, s2, other_end, r2)


FAMILIES['parallel_movers'] = fam_parallel_movers


def _f32_step(x, k):
    """x moved by k steps of f32 (k may be negative)."""
    import struct
    for _ in range(abs(k)):
        bits = struct.unpack('<i', struct.pack('<f', x))[0]
        up = (k > 0) == (x >= 0)
        if x == 0:
            x = math.copysign(1.401298464324817e-45, k)
            continue
        bits += 1 if up else -1
        x = struct.unpack('<f', struct.pack('<i', bits))[0]
    return x


def fam_touch0_near_tangent(R):
    """start exactly on a corner circle, end cap or other circle (Pythagorean offsets),
    moving along the tangent with the end nudged a few f32 steps inward or outward: the
    circle dips in (a hit at t = 0) or leaves (no hit), by a hair."""
    a, b, h = R.choice([(3, 4, 5), (5, 12, 13), (8, 15, 17), (7, 24, 25), (20, 21, 29)])
    k = R.choice([1, 2, 4, 8])
    sx, sy = R.choice([1, -1]), R.choice([1, -1])
    off = (sx * a * k, sy * b * k) if R.random() < 0.5 else (sx * b * k, sy * a * k)
    P = (R.randint(-40, 40), R.randint(-40, 40))
    s = (P[0] + off[0], P[1] + off[1])
    r = h * k
    turn = R.choice([1, -1])
    L = R.choice([1, 2, 3])
    e = [s[0] - turn * off[1] * L, s[1] + turn * off[0] * L]
    axis = R.randrange(2)
    e[axis] = _f32_step(e[axis], R.choice([-3, -2, -1, 1, 2, 3]))
    kind = R.choice(['aabb', 'segment', 'circle'])
    if kind == 'aabb':
        # The box on the far side of P from the start, so P is the corner the start faces.
        w, ht = R.randint(1, 20), R.randint(1, 20)
        lo = (P[0] - w if off[0] > 0 else P[0], P[1] - ht if off[1] > 0 else P[1])
        return aabb(s, e, r, lo, (lo[0] + w, lo[1] + ht))
    if kind == 'segment':
        # Pointing away from the start, so the start faces end a's cap.
        return seg(s, e, r, P, (P[0] - off[0], P[1] - off[1]))
    r2 = R.choice([0.0, 1.0, float(h)])
    return circ(s, e, r - r2 if r2 < r else r, P, P, r2 if r2 < r else 0.0)


FAMILIES['touch0_near_tangent'] = fam_touch0_near_tangent


def _sqrt_convergents(D, limit):
    """convergents h/k of the continued fraction of sqrt(D) (D not a square), k <= limit."""
    a0 = math.isqrt(D)
    m, d, a = 0, 1, a0
    h_prev, h = 1, a0
    k_prev, k = 0, 1
    out = [(h, k)]
    while True:
        m = d * a - m
        d = (D - m * m) // d
        a = (a0 + m) // d
        h_prev, h = h, a * h + h_prev
        k_prev, k = k, a * k + k_prev
        if k > limit:
            return out
        out.append((h, k))


def fam_slab_edge(R):
    """a start on the edge of a segment's slab to about 1e-16 of r: integer segments whose
    line is at distance h/sqrt(D) from the start, with h/k a convergent of sqrt(D) and
    r = k, so overlap and no overlap turn on the last bits of r*|e|."""
    while True:
        p, q = R.randint(1, 2000) * R.choice([1, -1]), R.randint(1, 2000) * R.choice([1, -1])
        D = p * p + q * q
        if math.gcd(p, q) == 1 and math.isqrt(D) ** 2 != D:
            break
    h, k = R.choice(_sqrt_convergents(D, 200000)[-4:])
    m = h * R.choice([1, -1])
    # An integer point (x, y) with x*q - y*p = m: on the line at distance |m| / sqrt(D).
    g0, g1, s0, s1 = q, -p, 1, 0
    while g1 != 0:          # extended Euclid on (q, -p) for x
        t = g0 // g1
        g0, g1, s0, s1 = g1, g0 - t * g1, s1, s0 - t * s1
    # s0*q = g0 (mod p), with g0 = +-1; solve x*q - y*p = m.
    x = s0 * g0 * m
    y_num = x * q - m
    if y_num % p != 0:
        return fam_slab_edge(R)
    y = y_num // p
    # Slide along the line to the start's foot, then a little: over the segment or past it.
    foot = round(-(x * p + y * q) / D) - R.randint(0, 2)
    a = (x + foot * p, y + foot * q)
    n = R.randint(1, 4)
    b = (a[0] + p * n, a[1] + q * n)
    if max(abs(c) for c in a + b) >= 2 ** 24:
        return fam_slab_edge(R)
    L = math.hypot(p, q)
    toward = (q / L, -p / L) if m > 0 else (-q / L, p / L)
    M = R.choice([1.0, 1e-3, 1e3])
    v = R.choice([(toward[0] * M, toward[1] * M), (-toward[0] * M, -toward[1] * M),
                  (p / L * M, q / L * M), (0.0, 0.0), (R.uniform(-M, M), R.uniform(-M, M))])
    return seg((0.0, 0.0), v, float(k), a, b)


FAMILIES['slab_edge'] = fam_slab_edge


# --- Far-reaching segments, widely different circles, points landing on segments -------


def fam_far_segment(R):
    """a long segment (half a length of 3e6..2e7) passing a start 3e-8..3e-6 away, with
    r and |v| on that small scale: the start's distance is a difference of products of
    its far offsets, which cancels. The distance is measured exactly on the rounded
    inputs, and the motion dips a known fraction of it into the capsule."""
    from fractions import Fraction as Q
    L = 10 ** R.uniform(6.5, 7.3)
    th = R.uniform(0, 2 * math.pi)
    d = (math.cos(th), math.sin(th))
    n = (-d[1], d[0])
    s = P(R.uniform(-1, 1) * 10 ** R.uniform(-3, 0), R.uniform(-1, 1) * 10 ** R.uniform(-3, 0))
    gap = 10 ** R.uniform(-7.5, -5.5)
    foot = (s[0] - gap * n[0], s[1] - gap * n[1])
    u1, u2 = R.uniform(0.2, 1) * L, R.uniform(0.2, 1) * L
    a = P(foot[0] - u1 * d[0], foot[1] - u1 * d[1])
    b = P(foot[0] + u2 * d[0], foot[1] + u2 * d[1])
    ex, ey = Q(b[0]) - Q(a[0]), Q(b[1]) - Q(a[1])
    cross = (Q(s[0]) - Q(a[0])) * (-ey) + (Q(s[1]) - Q(a[1])) * ex
    length = math.sqrt(float(ex * ex + ey * ey))
    h = float(cross) / length  # signed, left of a -> b positive
    unit = (float(ex) / length, float(ey) / length)
    side = 1.0 if h > 0 else -1.0
    speed = abs(h) * 10 ** R.uniform(-1, 1)
    into = speed * 10 ** R.uniform(-4, -1)
    r = abs(h) - R.uniform(0.05, 0.9) * into
    along = math.sqrt(max(speed * speed - into * into, 0.0)) * R.choice([1, -1])
    left = (-unit[1], unit[0])
    v = (along * unit[0] - side * into * left[0], along * unit[1] - side * into * left[1])
    return seg(s, (s[0] + v[0], s[1] + v[1]), r, a, b)


FAMILIES['far_segment'] = fam_far_segment


def fam_wide_exact_circles(R):
    """circles touching exactly at t = 0 (moving in, away, along, or still) or at t = 1,
    with radii and offsets 2^10..2^30 apart in size: |c|^2 and (r1 + r2)^2 each round."""
    x, y, h = R.choice(TRIPLES[:5])
    p = R.randint(-10, 10)
    big = R.randint(1 << 15, 1 << 18) * 2.0 ** p
    small = R.randint(1 << 15, 1 << 18) * 2.0 ** (p - R.randint(10, 30))
    sx, sy = R.choice([1, -1]), R.choice([1, -1])
    if R.random() < 0.5:
        x, y = y, x
    far = (sx * x * big, sy * y * big)
    near = (sx * x * small, sy * y * small)
    if any(F(c) != c for c in far + near + (h * big, h * small)):
        return fam_wide_exact_circles(R)
    r1, r2 = (h * big, h * small) if R.random() < 0.5 else (h * small, h * big)
    # The centres at contact are -near and far: offset (far + near), of length h·(big + small).
    touch = (-near[0], -near[1])
    d = (touch[0] - far[0], touch[1] - far[1])
    if R.random() < 0.5:
        mode = R.choice(['in', 'away', 'along', 'still'])
        m = R.choice([0.5, 1.0, 2.0])
        e = {'in': (touch[0] - m * d[0], touch[1] - m * d[1]),
             'away': (touch[0] + m * d[0], touch[1] + m * d[1]),
             'along': (touch[0] - d[1], touch[1] + d[0]),
             'still': touch}[mode]
        return circ(touch, e, r1, far, far, r2)
    # Arriving at the touch exactly at t = 1 from a start outside, steeply.
    k = R.choice([1, 2, 4, 100])
    s = (touch[0] + k * d[0] + R.randint(-3, 3) * small, touch[1] + k * d[1] + R.randint(-3, 3) * small)
    return circ(s, touch, r1, far, far, r2)


FAMILIES['wide_exact_circles'] = fam_wide_exact_circles


def fam_point_landing(R):
    """a point (zero radius) whose motion ends exactly on a segment, at an end or at an
    exact interior fraction, from a start anywhere: a touch at t = 1 on the boundary of
    every rounded test."""
    sc = R.choice([1.0, 10.0, 1000.0, 1e5])
    a = P(R.uniform(-sc, sc), R.uniform(-sc, sc))
    b = P(R.uniform(-sc, sc), R.uniform(-sc, sc))
    if R.random() < 0.3:
        a, b = P(round(a[0]), round(a[1])), P(round(b[0]), round(b[1]))
    s = (R.uniform(-sc, sc), R.uniform(-sc, sc))
    pick = R.randrange(3)
    if pick < 2:
        e = (a, b)[pick]
    else:
        k = R.randint(1, 15) / 16
        e = (a[0] + k * (b[0] - a[0]), a[1] + k * (b[1] - a[1]))
        if any(F(c) != c for c in e):
            return fam_point_landing(R)
    return seg(s, e, 0.0, a, b)


FAMILIES['point_landing'] = fam_point_landing


def _f32_sum(x, y):
    """x + y when it is exact in f32, else None."""
    s = x + y
    return s if F(s) == s else None


def fam_axis_touch_nondyadic(R):
    """touches exactly at r from axis-aligned segments and moving circles whose values are
    not short dyadics, so lengths and reaches round in f64: a start exactly r from a face
    (moving in, away or along), a start on the rim where face meets cap, a point on the
    line moving off it, and a motion ending exactly r away at t = 1."""
    sc = R.choice([1.0, 100.0, 1e4])
    r = F(R.uniform(0.1, 2.0) * sc) if R.random() < 0.85 else 0.0
    y0 = F(R.uniform(-sc, sc))
    line = _f32_sum(y0, r)
    if line is None:
        return fam_axis_touch_nondyadic(R)
    x_lo, x_hi = sorted(F(R.uniform(-3 * sc, 3 * sc)) for _ in range(2))
    if x_hi - x_lo < 1e-3 * sc:
        return fam_axis_touch_nondyadic(R)
    kind = R.choice(['segment', 'segment', 'circle'])
    x0 = R.choice([x_lo, x_hi, F(R.uniform(x_lo, x_hi)), F(x_lo - R.uniform(0, sc))])
    # The motion from the touching point: in, away, along, or still; or arriving there.
    d = R.choice([(0, 1), (0, -1), (1, 0), (0.6, 0.8), (1, -1), (0, 0)])
    m = F(R.uniform(0.01, 3.0) * sc)
    far = (F(x0 - d[0] * m), F(y0 - d[1] * m))
    touch = (x0, y0)
    s, e = (touch, far) if R.random() < 0.5 else (far, touch)
    if kind == 'segment':
        a, b = ((x_lo, line), (x_hi, line)) if R.random() < 0.5 else ((x_hi, line), (x_lo, line))
        return seg(s, e, r, a, b)
    # Circles: the other one ends (or starts) exactly `r1 + r2` above the touching point,
    # having moved nearly in step with ours.
    r1 = F(r * R.choice([0.5, 0.25, 1.0]))
    r2 = F(r - r1)
    if F(r1 + r2) != r1 + r2 or r1 + r2 != r:
        return fam_axis_touch_nondyadic(R)
    lag = (F(R.uniform(-1e-6, 1e-6) * sc), 0.0)
    o_touch = (x0, line)
    o_far = (F(far[0] + lag[0]), F(far[1] + (line - y0)))
    os_, oe = (o_touch, o_far) if s == touch else (o_far, o_touch)
    return circ(s, e, r1, os_, oe, r2)


FAMILIES['axis_touch_nondyadic'] = fam_axis_touch_nondyadic


def fam_shallow_touch1(R):
    """a corner, point box, end cap or circle touched exactly at t = 1 by a path a few f32
    steps off the tangent there, approaching or leaving: the end is exactly
    r from the feature by a Pythagorean triple, the start nudged off the tangent line."""
    a, b, c = R.choice([(3, 4, 5), (5, 12, 13), (8, 15, 17), (20, 21, 29), (7, 24, 25), (9, 40, 41)])
    if R.random() < 0.5:
        a, b = b, a
    sx, sy = R.choice([-1, 1]), R.choice([-1, 1])
    k = 2.0 ** R.randint(-6, 6)
    d = (sx * a * k, sy * b * k)
    r = c * k
    sc = R.choice([1.0, 1.0, 64.0, 1024.0])
    p = (R.randint(-400, 400) / 4 * sc, R.randint(-400, 400) / 4 * sc)
    end = (p[0] + d[0], p[1] + d[1])
    turn = R.choice([-1, 1])
    m = R.randint(1, 64) / 8
    v = (-turn * d[1] * m, turn * d[0] * m)
    start = [F(end[0] - v[0]), F(end[1] - v[1])]
    i = R.randint(0, 1)
    bits = struct.unpack('<I', struct.pack('<f', start[i]))[0]
    step = R.choice([-3, -2, -1, 1, 2, 3])
    if start[i] != 0:
        start[i] = struct.unpack('<f', struct.pack('<I', bits + step))[0]
    kind = R.choice(['aabb', 'aabb', 'point', 'segment', 'circle'])
    if kind == 'point':
        return aabb(start, end, r, p, p)
    if kind == 'aabb':
        w, h = R.uniform(0.1, 3) * r, R.uniform(0.1, 3) * r
        lo = (p[0] - w if d[0] > 0 else p[0], p[1] - h if d[1] > 0 else p[1])
        return aabb(start, end, r, lo, (lo[0] + w if d[0] > 0 else p[0] + w, lo[1] + h if d[1] > 0 else p[1] + h))
    if kind == 'segment':
        ang = math.atan2(-d[1], -d[0]) + R.uniform(-1.0, 1.0)
        ln = R.uniform(0.5, 4) * r
        return seg(start, end, r, p, (p[0] + ln * math.cos(ang), p[1] + ln * math.sin(ang)))
    # A circle pair with the same relative motion: both also drift by `u`.
    u = (R.randint(-8, 8) / 4 * k, R.randint(-8, 8) / 4 * k)
    r1 = F(r * R.choice([0.5, 0.25, 1.0]))
    r2 = r - r1
    return circ((start[0] + u[0], start[1] + u[1]), (end[0] + u[0], end[1] + u[1]), r1, p,
                (p[0] + u[0], p[1] + u[1]), r2)


FAMILIES['shallow_touch1'] = fam_shallow_touch1


def fam_far_graze(R):
    """a long motion (from 1e5 to 1e6 away) grazing a tiny feature near the origin: a box
    corner, a point box, a zero-length segment, a segment's end or a circle of radius 0.
    The radius is the exact distance from the path's line to the feature
    times 1 ± a few 1e-7, so hits and misses differ by less than the rounding of the
    offset from the start, which exceeds 53 bits."""
    from fractions import Fraction as Q
    sc = 10 ** R.uniform(-6, -4)
    p = (F(R.uniform(-1, 1) * sc), F(R.uniform(-1, 1) * sc))
    far = 10 ** R.uniform(5, 6)
    ang = R.uniform(0, 2 * math.pi)
    dx, dy = math.cos(ang), math.sin(ang)
    r0 = sc * R.uniform(0.5, 4)
    side = R.choice([-1, 1])
    qx, qy = p[0] - side * dy * r0, p[1] + side * dx * r0
    a, b = far * R.uniform(0.1, 1), far * R.uniform(0.1, 1)
    s = (F(qx - dx * a), F(qy - dy * a))
    e = (F(qx + dx * b), F(qy + dy * b))
    # The exact distance from the f32 path's line to p, then r a hair either side of it.
    S, E, Pp = [tuple(Q(c) for c in t) for t in (s, e, p)]
    vx, vy = E[0] - S[0], E[1] - S[1]
    cross = vx * (Pp[1] - S[1]) - vy * (Pp[0] - S[0])
    dist = math.sqrt(float(cross * cross / (vx * vx + vy * vy)))
    r = F(dist * (1 + R.choice([-1, 1]) * R.choice([1e-7, 2e-7, 3e-7, 5e-7, 1e-6])))
    kind = R.choice(['corner', 'point', 'point_seg', 'seg_end', 'circle'])
    if kind == 'point':
        return aabb(s, e, r, p, p)
    if kind == 'point_seg':
        return seg(s, e, r, p, p)
    if kind == 'circle':
        return circ(s, e, r, p, p, 0.0)
    # Away from the path: the box or the segment extends against the side it passes on.
    nx, ny = -side * dy, side * dx
    w, h = sc * R.uniform(0.1, 2), sc * R.uniform(0.1, 2)
    if kind == 'corner':
        lo = (p[0] - w if nx > 0 else p[0], p[1] - h if ny > 0 else p[1])
        hi = (p[0] if nx > 0 else p[0] + w, p[1] if ny > 0 else p[1] + h)
        return aabb(s, e, r, lo, hi)
    return seg(s, e, r, p, (p[0] - nx * w, p[1] - ny * w))


FAMILIES['far_graze'] = fam_far_graze


def fam_tiny_radius_aim(R):
    """paths aimed exactly at a box corner, a point box or a segment's end (or, for
    contrast, at a point inside a side) with a radius far below the rounding of the
    offsets, 1e-13 to 1e-44 of them: `lo - r` rounds to `lo`, and the
    corner square, or the end cap's share of the slab, vanishes. Starts are outside the
    obstacle's bounding box: one on its boundary overlaps by r, which the reference takes
    for an exact touch."""
    while True:
        q = tiny_radius_aim_case(R)
        lo, hi = (q['min'], q['max']) if q['kind'] == 'aabb' else (
            [min(q['a'][i], q['b'][i]) for i in (0, 1)], [max(q['a'][i], q['b'][i]) for i in (0, 1)])
        if not all(lo[i] <= q['start'][i] <= hi[i] for i in (0, 1)):
            return q


def tiny_radius_aim_case(R):
    mn, mx = rbox(R, dyadic=True)
    r = R.choice([1e-16, 1e-20, 1e-30, 1e-38, 1e-44, 10 ** R.uniform(-18, -13)])
    while True:
        d = (R.randint(-5, 5), R.randint(-5, 5))
        if d != (0, 0):
            break
    m = R.choice([1, 2, 3, 4, 8])
    n = R.choice([0.5, 1, 2])
    kind = R.choice(['box', 'box', 'point', 'segment', 'segment'])
    if kind == 'segment':
        a, b = mn, (mn[0] + R.randint(-8, 8) / 2, mn[1] + R.randint(-8, 8) / 2)
        ends = [a, b]
        if R.random() < 0.2:  # a point inside the segment, when it has one
            ends.append(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
        c = R.choice(ends)
    else:
        if kind == 'point':
            mx = mn
        corners = [(mn[0], mn[1]), (mx[0], mn[1]), (mn[0], mx[1]), (mx[0], mx[1])]
        if R.random() < 0.2:
            corners = [((mn[0] + mx[0]) / 2, mn[1]), (mn[0], (mn[1] + mx[1]) / 2)]
        c = R.choice(corners)
    s = (c[0] - m * d[0], c[1] - m * d[1])
    e = (c[0] + n * d[0], c[1] + n * d[1])
    if kind == 'segment':
        return seg(s, e, r, a, b) if R.random() < 0.5 else seg(s, e, r, b, a)
    return aabb(s, e, r, mn, mx)


FAMILIES['tiny_radius_aim'] = fam_tiny_radius_aim
