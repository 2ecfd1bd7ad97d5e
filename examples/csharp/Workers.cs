// Serving workers with icsched from C#: which independent sub-computation to
// run first (▷ priority and IC-Sweep), clustered tasks for workers of
// different capacities, and batches for workers that ask at once. Each part
// checks a fact the papers prove, so the program doubles as a test.
//
//   mcs -r:/usr/lib/<triplet>/icsched/IcSched.dll Workers.cs
//   MONO_PATH=/usr/lib/<triplet>/icsched mono Workers.exe
using System;
using System.Linq;
using IcSched;

public static class WorkersProgram {
  static void Check(bool fact, string what) {
    if (!fact) throw new InvalidOperationException(what);
  }

  public static int Main() {
    try {
      // 1. Priority and IC-Sweep ("Extending IC-Scheduling via the Sweep Algorithm", §2-3).
      using (var w = Dag.W(3, 2))
      using (var m = Dag.M(3, 2))
      using (var n = Dag.N(3))
      using (var sum = Sweep.OfDags(w, m, n)) {
        Console.WriteLine("W(3,2) ▷ M(3,2): " + Priority.Has(w, m) + ", M(3,2) ▷ W(3,2): " + Priority.Has(m, w));
        Console.WriteLine("W + M + N: IC-optimal " + sum.IsIco + ", ▷-chain " + sum.IsChain
                          + ", summand per step " + string.Join(" ", sum.Path()));
        Check(Priority.Has(w, m), "a W-dag has priority over an M-dag");
        Check(!sum.IsIco || sum.Profile().SequenceEqual(sum.Envelope()), "an IC-optimal sum meets the per-step maximum");
      }

      // 2. Clustered tasks ("On clustering DAGs for task-hungry computing platforms", §3).
      using (var g = Dag.ClusteringFig6())
      using (var direct = Cluster.Extract(g, 6, ClusterStrategy.Direct))
      using (var staggered = Cluster.Extract(g, 6, ClusterStrategy.Staggered)) {
        Console.WriteLine("Fig. 6, k = 6: direct cuts " + direct.CutArcCount + " arcs, staggered " + staggered.CutArcCount);
        Check(direct.CutArcCount == 8 && staggered.CutArcCount == 6, "Fig. 6 cuts 8 and 6 arcs");
        foreach (var c in Cluster.Sequence(g, new int[0], new[] {3, 5, 2}, ClusterStrategy.MinCut)) {
          using (c) {
            Console.WriteLine("  worker (" + c.Strategy + ", " + c.CutArcCount + " cut arcs): "
                              + string.Join(" ", c.Tasks().Select(v => g.NodeName(v))));
            Check(c.IsSelfContained, "a cluster is self-contained");
          }
        }
      }

      // 3. Batches ("Batch-Scheduling Dags for Internet-Based Computing", §2.2).
      using (var tree = Dag.ReductionTree(4)) {
        int ran = 0;
        foreach (var b in Batch.Play(tree, Enumerable.Repeat(3, tree.NodeCount).ToArray())) {
          if (b.Selected.Length == 0) break;
          ran += b.Selected.Length;
          Check(b.EligibleAfter <= b.BoundAfter, "a batch respects its bound");
        }
        Console.WriteLine("reduction-tree h=4: " + ran + " tasks in batches of 3");
        Check(ran == tree.NodeCount, "every task ran");
      }
      return 0;
    } catch (IcsException e) {
      Console.Error.WriteLine("Workers: " + e.Message);
      return 1;
    } catch (InvalidOperationException e) {
      Console.Error.WriteLine("Workers: " + e.Message);
      return 1;
    }
  }
}
