package org.icsched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** E(t) profiles, memory and AREA checked against values computed by hand. */
class ProfileTest {
  @Test
  void diamond() {
    try (Dag dag = Diamond.build()) {
      int[] order = {0, 1, 2, 3};
      try (Profile p = dag.evaluate(order)) {
        // E(0)=1 {a}; after a: {b,c}; after b: {c}; after c: {d}; after d: {}.
        assertArrayEquals(new int[] {1, 2, 1, 1, 0}, p.eligible());
        assertArrayEquals(order, p.order());
        assertEquals(4, p.steps());
        // executed nodes with an unexecuted child: {a}, {a,b}, {b,c}, {} -> max 2.
        assertEquals(2, p.memory());
        assertEquals(5L, p.area());
      }
      try (Profile p = dag.evaluate(new int[] {0, 2, 1, 3})) {
        assertArrayEquals(new int[] {1, 2, 1, 1, 0}, p.eligible());
        assertArrayEquals(new int[] {0, 2, 1, 3}, p.order());
      }
    }
  }

  @Test
  void chain() {
    try (Dag dag = new Dag()) {
      dag.addNode("x");
      dag.addNode("y");
      dag.addNode("z");
      dag.addArc("x", "y");
      dag.addArc("y", "z");
      try (Profile p = dag.evaluate(new int[] {0, 1, 2})) {
        assertArrayEquals(new int[] {1, 1, 1, 0}, p.eligible());
        assertEquals(1, p.memory());
        assertEquals(3L, p.area());
      }
    }
  }

  @Test
  void vee() {
    // s1 -> t, s2 -> t, s3 alone: E = [3, 2, 2, 1, 0].
    try (Dag dag = new Dag()) {
      dag.addNode("s1");
      dag.addNode("s2");
      dag.addNode("t");
      dag.addNode("s3");
      dag.addArc("s1", "t");
      dag.addArc("s2", "t");
      try (Profile p = dag.evaluate(new int[] {0, 1, 2, 3})) {
        // after s1: {s2,s3}; after s2: {t,s3}; after t: {s3}; after s3: {}.
        assertArrayEquals(new int[] {3, 2, 2, 1, 0}, p.eligible());
        assertEquals(2, p.memory()); // s1 and s2 wait for t
        assertEquals(8L, p.area());
      }
      try (Profile p = dag.evaluate(new int[] {3, 0, 1, 2})) {
        assertArrayEquals(new int[] {3, 2, 1, 1, 0}, p.eligible());
        assertEquals(7L, p.area());
      }
    }
  }

  @Test
  void generatedDagProfileIsConsistent() {
    try (Dag dag = Dag.reductionTree(3)) {
      int[] order = dag.order(Policy.FIFO);
      try (Profile p = dag.evaluate(order)) {
        int[] e = p.eligible();
        assertEquals(dag.nodeCount() + 1, e.length);
        assertEquals(dag.nodeCount(), p.steps());
        assertEquals(dag.sources().length, e[0]);
        assertEquals(0, e[e.length - 1]);
        assertEquals(Diamond.sum(e), p.area());
        assertArrayEquals(order, p.order());
      }
    }
  }

  @Test
  void profileOutlivesItsDagProxy() {
    Profile p;
    try (Dag dag = Diamond.build()) {
      p = dag.evaluate(new int[] {0, 1, 2, 3});
    }
    try (p) {
      assertArrayEquals(new int[] {1, 2, 1, 1, 0}, p.eligible());
    }
  }
}
