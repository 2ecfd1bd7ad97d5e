package org.icsched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DagTest {
  @Test
  void diamondStructure() {
    try (Dag dag = Diamond.build()) {
      assertEquals(4, dag.nodeCount());
      assertEquals(4L, dag.arcCount());
      assertDoesNotThrow(dag::validate);
      assertEquals(0, dag.nodeId("a"));
      assertEquals(2, dag.nodeId("c"));
      assertEquals("d", dag.nodeName(3));
      assertArrayEquals(new int[] {1, 2}, dag.children(0));
      assertArrayEquals(new int[] {3}, dag.children(1));
      assertArrayEquals(new int[] {}, dag.children(3));
      assertArrayEquals(new int[] {}, dag.parents(0));
      assertArrayEquals(new int[] {0}, dag.parents(2));
      assertArrayEquals(new int[] {1, 2}, dag.parents(3));
      assertArrayEquals(new int[] {0}, dag.sources());
      assertArrayEquals(new int[] {3}, dag.sinks());
      assertArrayEquals(new int[] {0, 1, 1, 2}, dag.levels());
      assertEquals(0, dag.inDegree(0));
      assertEquals(2, dag.inDegree(3));
      assertEquals(2, dag.outDegree(0));
      assertEquals(0, dag.outDegree(3));
      Diamond.assertValidOrder(dag, dag.topologicalOrder());
      assertEquals(Format.AUTO, dag.sourceFormat());
    }
  }

  @Test
  void info() {
    try (Dag dag = Diamond.build()) {
      dag.addArc("a", "b"); // merged duplicate
      assertEquals(new DagInfo(4, 4, 1, 1, 1, 3, 2), dag.info());
      assertEquals(4L, dag.arcCount());
    }
  }

  @Test
  void emptyDag() {
    try (Dag dag = new Dag()) {
      assertEquals(0, dag.nodeCount());
      assertEquals(0L, dag.arcCount());
      assertArrayEquals(new int[] {}, dag.sources());
      assertArrayEquals(new int[] {}, dag.topologicalOrder());
    }
  }

  @Test
  void isolatedNodesAreSourcesAndSinks() {
    try (Dag dag = new Dag()) {
      dag.addNode("x");
      dag.addNode("y");
      assertArrayEquals(new int[] {0, 1}, dag.sources());
      assertArrayEquals(new int[] {0, 1}, dag.sinks());
      assertArrayEquals(new int[] {0, 0}, dag.levels());
    }
  }

  @Test
  @SuppressWarnings("try") // closes the original inside its try on purpose
  void copyIsDeepAndIndependent() {
    try (Dag dag = Diamond.build(); Dag copy = dag.copy()) {
      assertNotSame(dag, copy);
      assertEquals(Diamond.namedArcs(dag), Diamond.namedArcs(copy));
      copy.addNode("e");
      copy.addArc("d", "e");
      assertEquals(5, copy.nodeCount());
      assertEquals(4, dag.nodeCount());
      assertEquals(4L, dag.arcCount());
      dag.close();
      assertEquals(5L, copy.arcCount()); // the copy outlives the original
    }
  }

  @Test
  void unicodeNamesRoundTrip() {
    String name = "n\u0153ud-\u03bb-\uD83D\uDE00"; // œ, λ and a non-BMP emoji
    try (Dag dag = new Dag()) {
      int id = dag.addNode(name);
      dag.addArc(name, dag.nodeName(dag.addNode("sink")));
      assertEquals(name, dag.nodeName(id));
      assertEquals(id, dag.nodeId(name));
      try (Dag back = Dag.parse(dag.toString(Format.EDGES), Format.EDGES)) {
        assertEquals(Diamond.namedArcs(dag), Diamond.namedArcs(back));
      }
    }
  }

  @Test
  void baselineOrdersAreValid() {
    try (Dag dag = Dag.fft(3)) {
      for (Policy policy : Policy.values()) {
        int[] order = dag.order(policy, 7);
        Diamond.assertValidOrder(dag, order);
        assertDoesNotThrow(() -> dag.validateOrder(order));
      }
      assertArrayEquals(dag.order(Policy.RANDOM, 42), dag.order(Policy.RANDOM, 42), "seeded");
      Diamond.assertValidOrder(dag, dag.order(Policy.LEVEL));
    }
  }

  @Test
  void levelOrderFollowsLevels() {
    try (Dag dag = Diamond.build()) {
      int[] order = dag.order(Policy.LEVEL);
      int[] levels = dag.levels();
      for (int i = 1; i < order.length; ++i) {
        assertTrue(levels[order[i - 1]] <= levels[order[i]], "level order");
      }
    }
  }

  @Test
  void version() {
    String v = Ics.version();
    int n = Ics.versionNumber();
    assertEquals((n / 10000) + "." + (n / 100 % 100) + "." + (n % 100), v);
    assertTrue(n >= 100, "0.1.0 or later");
  }
}
