using System;
using System.Collections.Generic;

namespace IcSched.Tests {

/// <summary>
/// Independent reference computations for the engine tests: E(t) of an order and the
/// per-step maximum of E over all schedules, by enumerating down-sets (node sets closed
/// under parents) as bitmasks. For dags of at most 63 nodes.
/// </summary>
internal static class BruteForce {
  internal static long[] ParentMasks(Dag dag) {
    int n = dag.NodeCount;
    if (n > 63) {
      throw new ArgumentException("brute force is for dags of at most 63 nodes");
    }
    var masks = new long[n];
    for (int v = 0; v < n; ++v) {
      foreach (int p in dag.Parents(v)) {
        masks[v] |= 1L << p;
      }
    }
    return masks;
  }

  /// <summary>ELIGIBLE nodes of the executed set x: not executed, every parent executed.</summary>
  internal static int EligibleCount(long[] parents, long x) {
    int e = 0;
    for (int v = 0; v < parents.Length; ++v) {
      if ((x & (1L << v)) == 0 && (parents[v] & x) == parents[v]) {
        ++e;
      }
    }
    return e;
  }

  /// <summary>E(0..n) of an order, recomputed from the parents (the order is assumed valid).</summary>
  internal static int[] Eligible(Dag dag, int[] order) {
    long[] parents = ParentMasks(dag);
    var e = new int[order.Length + 1];
    long x = 0;
    e[0] = EligibleCount(parents, x);
    for (int t = 0; t < order.Length; ++t) {
      x |= 1L << order[t];
      e[t + 1] = EligibleCount(parents, x);
    }
    return e;
  }

  /// <summary>M(0..n): for each t, the maximum of E over all down-sets of t nodes.</summary>
  internal static int[] MaxEligible(Dag dag) {
    long[] parents = ParentMasks(dag);
    int n = parents.Length;
    var m = new int[n + 1];
    var level = new HashSet<long> { 0L };
    for (int t = 0; t <= n; ++t) {
      var next = new HashSet<long>();
      int best = 0;
      foreach (long x in level) {
        for (int v = 0; v < n; ++v) {
          if ((x & (1L << v)) == 0 && (parents[v] & x) == parents[v]) {
            next.Add(x | (1L << v));
          }
        }
        best = Math.Max(best, EligibleCount(parents, x));
      }
      m[t] = best;
      level = next;
    }
    return m;
  }

  /// <summary>A dag from "u->v" arcs, nodes named and numbered in order of appearance.</summary>
  // The largest AREA (sum of E(t)) over all schedules: best(D + v) = best(D) + elig(D + v), layer by layer.
  internal static long MaxArea(Dag dag) {
    long[] parents = ParentMasks(dag);
    int n = parents.Length;
    var level = new Dictionary<long, long> { { 0L, EligibleCount(parents, 0L) } };
    for (int t = 0; t < n; ++t) {
      var next = new Dictionary<long, long>();
      foreach (var e in level) {
        long x = e.Key;
        for (int v = 0; v < n; ++v) {
          if ((x & (1L << v)) == 0 && (parents[v] & x) == parents[v]) {
            long y = x | (1L << v);
            long val = e.Value + EligibleCount(parents, y);
            long old;
            if (!next.TryGetValue(y, out old) || old < val) next[y] = val;
          }
        }
      }
      level = next;
    }
    foreach (var e in level) return e.Value;
    return 0;
  }

  internal static Dag FromArcs(params string[] arcs) {
    var dag = new Dag();
    var ids = new Dictionary<string, int>();
    foreach (string arc in arcs) {
      string[] uv = arc.Split(new[] {"->"}, StringSplitOptions.None);
      foreach (string name in uv) {
        if (!ids.ContainsKey(name)) {
          ids[name] = dag.AddNode(name);
        }
      }
      dag.AddArc(uv[0], uv[1]);
    }
    return dag;
  }

  /// <summary>The dag without an IC-optimal schedule: a->x, p->y, p->z, q->y, q->z.</summary>
  internal static Dag NoIco() {
    return FromArcs("a->x", "p->y", "p->z", "q->y", "q->z");
  }

  internal static long Sum(int[] values) {
    long s = 0;
    foreach (int x in values) {
      s += x;
    }
    return s;
  }
}

}
