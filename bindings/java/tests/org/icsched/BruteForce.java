package org.icsched;

import java.util.HashSet;
import java.util.Set;

/**
 * Independent reference computations for the engine tests: E(t) of an order
 * and the per-step maximum of E over all schedules, by enumerating down-sets
 * (node sets closed under parents) as bitmasks. For dags of at most 63 nodes.
 */
final class BruteForce {
  private BruteForce() {
  }

  static long[] parentMasks(Dag dag) {
    int n = dag.nodeCount();
    if (n > 63) {
      throw new IllegalArgumentException("brute force is for dags of at most 63 nodes");
    }
    long[] masks = new long[n];
    for (int v = 0; v < n; ++v) {
      for (int p : dag.parents(v)) {
        masks[v] |= 1L << p;
      }
    }
    return masks;
  }

  /** ELIGIBLE nodes of the executed set x: not executed, every parent executed. */
  static int eligibleCount(long[] parents, long x) {
    int e = 0;
    for (int v = 0; v < parents.length; ++v) {
      if ((x & (1L << v)) == 0 && (parents[v] & x) == parents[v]) {
        ++e;
      }
    }
    return e;
  }

  /** E(0..n) of an order, recomputed from the parents (the order is assumed valid). */
  static int[] eligible(Dag dag, int[] order) {
    long[] parents = parentMasks(dag);
    int[] e = new int[order.length + 1];
    long x = 0;
    e[0] = eligibleCount(parents, x);
    for (int t = 0; t < order.length; ++t) {
      x |= 1L << order[t];
      e[t + 1] = eligibleCount(parents, x);
    }
    return e;
  }

  /** M(0..n): for each t, the maximum of E over all down-sets of t nodes. */
  static int[] maxEligible(Dag dag) {
    long[] parents = parentMasks(dag);
    int n = parents.length;
    int[] m = new int[n + 1];
    Set<Long> level = new HashSet<>();
    level.add(0L);
    for (int t = 0; t <= n; ++t) {
      Set<Long> next = new HashSet<>();
      int best = 0;
      for (long x : level) {
        for (int v = 0; v < n; ++v) {
          if ((x & (1L << v)) == 0 && (parents[v] & x) == parents[v]) {
            next.add(x | (1L << v));
          }
        }
        best = Math.max(best, eligibleCount(parents, x));
      }
      m[t] = best;
      level = next;
    }
    return m;
  }

  /** The largest AREA (sum of E(t)) over all schedules: best(D + v) = best(D) + elig(D + v), layer by layer. */
  static long maxArea(Dag dag) {
    long[] parents = parentMasks(dag);
    int n = parents.length;
    java.util.Map<Long, Long> level = new java.util.HashMap<>();
    level.put(0L, (long) eligibleCount(parents, 0L));
    for (int t = 0; t < n; ++t) {
      java.util.Map<Long, Long> next = new java.util.HashMap<>();
      for (java.util.Map.Entry<Long, Long> e : level.entrySet()) {
        long x = e.getKey();
        for (int v = 0; v < n; ++v) {
          if ((x & (1L << v)) == 0 && (parents[v] & x) == parents[v]) {
            long y = x | (1L << v);
            next.merge(y, e.getValue() + eligibleCount(parents, y), Math::max);
          }
        }
      }
      level = next;
    }
    return level.values().iterator().next();
  }

  /** A dag from "u v" arcs, nodes named and numbered in order of appearance. */
  static Dag fromArcs(String... arcs) {
    Dag dag = new Dag();
    for (String arc : arcs) {
      String[] uv = arc.split("->");
      for (String name : uv) {
        try {
          dag.nodeId(name);
        } catch (IcsException e) {
          dag.addNode(name);
        }
      }
      dag.addArc(uv[0], uv[1]);
    }
    return dag;
  }

  /** The dag of the brief without an IC-optimal schedule: a->x, p->y, p->z, q->y, q->z. */
  static Dag noIco() {
    return fromArcs("a->x", "p->y", "p->z", "q->y", "q->z");
  }
}
