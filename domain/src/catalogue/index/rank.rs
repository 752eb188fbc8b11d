//! PostgreSQL's `ts_rank(tsvector, tsquery)` (default weights, no normalization) for the
//! queries `plainto_tsquery` builds: one lexeme, or several joined by AND. The arithmetic and
//! its float and double steps follow `src/backend/utils/adt/tsrank.c` (`calc_rank_or`,
//! `calc_rank_and`, `word_distance`) so that a rank here is the same float4 PostgreSQL answers:
//! "most relevant" pages sort exactly as the SQL search sorts them, ties included.

/// `weights[]` of tsrank.c, indexed by a position's weight (D = 0 ... A = 3).
const WEIGHTS: [f32; 4] = [0.1, 0.2, 0.4, 1.0];
/// `MAXENTRYPOS` of ts_type.h.
const MAX_ENTRY_POS: i32 = 1 << 14;

/// A lexeme's positions in a document as PostgreSQL stores them (`WordEntryPos`: the weight
/// in the top two bits, the position below). Empty: the lexeme has no positions.
pub type Positions = [u16];

fn weight(p: u16) -> f32 {
    WEIGHTS[(p >> 14) as usize]
}

fn position(p: u16) -> i32 {
    (p & 0x3fff) as i32
}

fn word_distance(w: i32) -> f32 {
    if w > 100 {
        return 1e-30;
    }
    (1.0 / (1.005 + 0.05 * ((w as f32) as f64 / 1.5 - 2.0).exp())) as f32
}

/// The rank of a document holding every lexeme of the query: `found` are their positions in it,
/// for the query's distinct lexemes in byte order (empty for a query without lexemes).
pub fn ts_rank(found: &[&Positions]) -> f32 {
    if found.is_empty() {
        return 0.0;
    }
    let res = if found.len() < 2 { rank_or(found) } else { rank_and(found) };
    if res < 0.0 { 1e-20 } else { res }
}

fn rank_or(found: &[&Positions]) -> f32 {
    // A lexeme without positions counts as one position of weight D.
    const NULL: [u16; 1] = [0];
    let mut res: f32 = 0.0;
    for positions in found {
        let post: &[u16] = if positions.is_empty() { &NULL } else { positions };
        let (mut resj, mut wjm, mut jm): (f32, f32, i32) = (0.0, -1.0, 0);
        for (j, &p) in post.iter().enumerate() {
            let j = j as i32;
            resj += weight(p) / ((j + 1) * (j + 1)) as f32;
            if weight(p) > wjm {
                wjm = weight(p);
                jm = j;
            }
        }
        let term = (wjm + resj - wjm / ((jm + 1) * (jm + 1)) as f32) as f64 / 1.64493406685;
        res = (res as f64 + term) as f32;
    }
    res / found.len() as f32
}

/// A lexeme's positions for `rank_and`, and whether it had none: then it sits at the last
/// position, weight D.
fn or_null(p: &Positions) -> (&Positions, bool) {
    static NULL: [u16; 1] = [(MAX_ENTRY_POS - 1) as u16];
    if p.is_empty() { (&NULL, true) } else { (p, false) }
}

fn rank_and(found: &[&Positions]) -> f32 {
    let mut res: f32 = -1.0;
    for (i, mine) in found.iter().enumerate() {
        let (post, post_null) = or_null(mine);
        for earlier in &found[..i] {
            let (ct, ct_null) = or_null(earlier);
            for &l in post {
                for &p in ct {
                    let mut dist = (position(l) - position(p)).abs();
                    if dist != 0 || post_null || ct_null {
                        if dist == 0 {
                            dist = MAX_ENTRY_POS;
                        }
                        let curw = ((weight(l) * weight(p) * word_distance(dist)) as f64).sqrt() as f32;
                        res = if res < 0.0 { curw } else { (1.0 - (1.0 - res as f64) * (1.0 - curw as f64)) as f32 };
                    }
                }
            }
        }
    }
    res
}
