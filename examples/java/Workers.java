// Serving workers with icsched from Java: which independent sub-computation
// to run first (▷ priority and IC-Sweep), clustered tasks for workers of
// different capacities, and batches for workers that ask at once. Each part
// checks a fact the papers prove, so the program doubles as a test.
//
//   javac -cp /usr/share/java/icsched.jar Workers.java
//   java -cp /usr/share/java/icsched.jar:. Workers
import java.util.Arrays;
import java.util.List;

import org.icsched.Batch;
import org.icsched.BatchResult;
import org.icsched.Cluster;
import org.icsched.ClusterStrategy;
import org.icsched.Dag;
import org.icsched.IcsException;
import org.icsched.Priority;
import org.icsched.Sweep;

public final class Workers {
  private static void check(boolean fact, String what) {
    if (!fact) {
      System.err.println("Workers: " + what);
      System.exit(1);
    }
  }

  public static void main(String[] args) {
    try {
      // 1. Priority and IC-Sweep ("Extending IC-Scheduling via the Sweep Algorithm", §2-3).
      try (Dag w = Dag.w(3, 2); Dag m = Dag.m(3, 2); Dag n = Dag.n(3);
           Sweep sum = Sweep.ofDags(w, m, n)) {
        System.out.println("W(3,2) ▷ M(3,2): " + Priority.has(w, m) + ", M(3,2) ▷ W(3,2): " + Priority.has(m, w));
        System.out.println("W + M + N: IC-optimal " + sum.isIco() + ", ▷-chain " + sum.isChain()
                           + ", summand per step " + Arrays.toString(sum.path()));
        check(Priority.has(w, m), "a W-dag has priority over an M-dag");
        check(!sum.isIco() || Arrays.equals(sum.profile(), sum.envelope()),
              "an IC-optimal sum meets the per-step maximum");
      }

      // 2. Clustered tasks ("On clustering DAGs for task-hungry computing platforms", §3).
      try (Dag g = Dag.clusteringFig6();
           Cluster direct = Cluster.extract(g, 6, ClusterStrategy.DIRECT);
           Cluster staggered = Cluster.extract(g, 6, ClusterStrategy.STAGGERED)) {
        System.out.println("Fig. 6, k = 6: direct cuts " + direct.cutArcCount() + " arcs, staggered "
                           + staggered.cutArcCount());
        check(direct.cutArcCount() == 8 && staggered.cutArcCount() == 6, "Fig. 6 cuts 8 and 6 arcs");
        List<Cluster> workers = Cluster.sequence(g, new int[0], new int[] {3, 5, 2}, ClusterStrategy.MIN_CUT);
        for (Cluster c : workers) {
          try (c) {
            StringBuilder names = new StringBuilder();
            for (int v : c.tasks()) names.append(' ').append(g.nodeName(v));
            System.out.println("  worker (" + c.strategy() + ", " + c.cutArcCount() + " cut arcs):" + names);
            check(c.isSelfContained() && c.isResidualIcOptimal(), "a cluster leaves an IC-optimal residual");
          }
        }
      }

      // 3. Batches ("Batch-Scheduling Dags for Internet-Based Computing", §2.2).
      try (Dag tree = Dag.reductionTree(4)) {
        int[] requests = new int[tree.nodeCount()];
        Arrays.fill(requests, 3);
        int ran = 0;
        for (BatchResult b : Batch.play(tree, requests)) {
          if (b.selected().length == 0) break;
          ran += b.selected().length;
          check(b.eligibleAfter() <= b.boundAfter(), "a batch respects its bound");
        }
        System.out.println("reduction-tree h=4: " + ran + " tasks in batches of 3");
        check(ran == tree.nodeCount(), "every task ran");
      }
    } catch (IcsException e) {
      System.err.println("Workers: " + e.getMessage());
      System.exit(1);
    }
  }
}
