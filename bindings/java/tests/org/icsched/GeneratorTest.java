package org.icsched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/** Node/arc counts of the papers' families (closed forms). */
class GeneratorTest {
  private static void check(Dag dag, int nodes, long arcs, int sources, int sinks) {
    try (dag) {
      dag.validate();
      assertEquals(nodes, dag.nodeCount(), "nodes");
      assertEquals(arcs, dag.arcCount(), "arcs");
      assertEquals(sources, dag.sources().length, "sources");
      assertEquals(sinks, dag.sinks().length, "sinks");
      Diamond.assertValidOrder(dag, dag.topologicalOrder());
      DagInfo info = dag.info();
      assertEquals(nodes, info.nodes());
      assertEquals(arcs, info.arcs());
      assertEquals(sources, info.sources());
      assertEquals(sinks, info.sinks());
    }
  }

  @Test
  void fft() {
    check(Dag.fft(3), 32, 48, 8, 8); // (d+1) 2^d nodes, d 2^(d+1) arcs
  }

  @Test
  void reductionMesh() {
    check(Dag.reductionMesh(5), 15, 20, 5, 1); // l(l+1)/2 nodes, l(l-1) arcs
    check(Dag.outMesh(5), 15, 20, 1, 5);
  }

  @Test
  void reductionTree() {
    check(Dag.reductionTree(3), 15, 14, 8, 1);
    check(Dag.reductionTree(new String[] {"", "0", "1"}), 3, 2, 2, 1);
    check(Dag.reductionTree(new String[] {"", "0", "1", "00", "01"}), 5, 4, 3, 1);
  }

  @Test
  void buildingBlocks() {
    check(Dag.w(3, 2), 3 + 4, 6, 3, 4); // W_{s,d}: s sources, s(d-1)+1 sinks
    check(Dag.m(3, 2), 3 + 4, 6, 4, 3);
    check(Dag.n(4), 8, 7, 4, 4);
    check(Dag.cycle(4), 8, 8, 4, 4);
    // 3: a source with 3 children; 1/2: a sink with 2 parents; 2: a source with 2 children.
    check(Dag.pbt("3,1/2,2"), 6, 5, 2, 4);
  }

  @Test
  void expansionReduction() {
    check(Dag.expansionReduction(2), 10, 12, 1, 1); // 3*2^h - 2 nodes
  }

  @Test
  void randomDagsAreSeeded() {
    try (Dag a = Dag.randomLayered(4, 5, 0.5, 42); Dag b = Dag.randomLayered(4, 5, 0.5, 42)) {
      assertEquals(20, a.nodeCount());
      assertEquals(Diamond.namedArcs(a), Diamond.namedArcs(b));
      for (int v : a.sources()) {
        assertEquals(0, a.levels()[v]);
      }
    }
    try (Dag a = Dag.randomEr(30, 0.3, 7); Dag b = Dag.randomEr(30, 0.3, 7); Dag c = Dag.randomEr(30, 0.3, 8)) {
      assertEquals(30, a.nodeCount());
      a.validate();
      assertEquals(a.toString(Format.EDGES), b.toString(Format.EDGES));
      assertNotEquals(Diamond.namedArcs(a), Diamond.namedArcs(c));
    }
    try (Dag full = Dag.randomEr(6, 1.0, -1L)) { // any 64-bit seed, negative too
      assertEquals(15L, full.arcCount());
      assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, sorted(full.levels()));
    }
  }

  private static int[] sorted(int[] a) {
    int[] c = a.clone();
    java.util.Arrays.sort(c);
    return c;
  }
}
