package org.icsched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.TreeSet;

/** Shared fixtures and checks of the binding tests. */
final class Diamond {
  private Diamond() {
  }

  /** a -> b, a -> c, b -> d, c -> d with ids a=0, b=1, c=2, d=3. */
  static Dag build() {
    Dag dag = new Dag();
    int a = dag.addNode("a");
    int b = dag.addNode("b");
    int c = dag.addNode("c");
    int d = dag.addNode("d");
    dag.addArc(a, b);
    dag.addArc(a, c);
    dag.addArc(b, d);
    dag.addArc("c", "d");
    return dag;
  }

  /** Every node exactly once and every arc u -> v with u before v. */
  static void assertValidOrder(Dag dag, int[] order) {
    int n = dag.nodeCount();
    assertEquals(n, order.length, "order length");
    int[] position = new int[n];
    java.util.Arrays.fill(position, -1);
    for (int step = 0; step < order.length; ++step) {
      int v = order[step];
      assertTrue(v >= 0 && v < n, "id in range: " + v);
      assertEquals(-1, position[v], "node executed twice: " + v);
      position[v] = step;
    }
    for (int u = 0; u < n; ++u) {
      for (int v : dag.children(u)) {
        assertTrue(position[u] < position[v], "arc " + u + "->" + v + " respected");
      }
    }
  }

  /** The arcs as "from->to" by name, for comparing dags across formats. */
  static Set<String> namedArcs(Dag dag) {
    Set<String> arcs = new TreeSet<>();
    for (int u = 0; u < dag.nodeCount(); ++u) {
      for (int v : dag.children(u)) {
        arcs.add(dag.nodeName(u) + "->" + dag.nodeName(v));
      }
    }
    return arcs;
  }

  static Set<String> names(Dag dag) {
    Set<String> names = new TreeSet<>();
    for (int v = 0; v < dag.nodeCount(); ++v) {
      names.add(dag.nodeName(v));
    }
    return names;
  }

  static long sum(int[] values) {
    long s = 0;
    for (int x : values) {
      s += x;
    }
    return s;
  }
}
