package org.icsched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Objective.MEMORY and Policy.POSTORDER: the memory costs of the guidelines paper (ℓ for
 * reduction-meshes, 2h for Postorder-Execute, h+1 for the pure postorder, 2^d+2 for FFT dags),
 * with E(t) unchanged and checked by brute force.
 */
class MemoryTest {
  private static final ScheduleOptions MEMORY = ScheduleOptions.defaults().withObjective(Objective.MEMORY);

  private static int memoryOf(Dag dag) {
    try (Schedule eligibility = dag.schedule(); Schedule s = dag.schedule(MEMORY)) {
      assertTrue(s.isIcOptimal(), s.reason());
      assertArrayEquals(eligibility.eligible(), s.eligible(), "the objective never changes E(t)");
      int[] order = s.order();
      Diamond.assertValidOrder(dag, order);
      if (dag.nodeCount() <= 63) { // the brute force's limit
        assertArrayEquals(BruteForce.eligible(dag, order), s.eligible());
      }
      assertTrue(s.memory() <= eligibility.memory());
      try (Profile p = dag.evaluate(order)) {
        assertEquals(p.memory(), s.memory());
      }
      return s.memory();
    }
  }

  @Test
  void familiesReachThePapersMemoryCosts() {
    for (int l = 2; l <= 6; ++l) {
      try (Dag mesh = Dag.reductionMesh(l)) {
        assertEquals(l, memoryOf(mesh), "M_" + l);
      }
    }
    for (int h = 1; h <= 5; ++h) {
      try (Dag tree = Dag.reductionTree(h)) {
        assertEquals(2 * h, memoryOf(tree), "T_" + h);
      }
    }
    for (int d = 2; d <= 5; ++d) {
      try (Dag fft = Dag.fft(d)) {
        assertEquals((1 << d) + 2, memoryOf(fft), "F_" + d);
      }
    }
  }

  @Test
  void purePostorderUsesHPlusOneRegistersButIsNotIcOptimal() {
    for (int h = 2; h <= 6; ++h) {
      try (Dag tree = Dag.reductionTree(h); Schedule s = tree.schedule();
          Profile p = tree.evaluate(tree.order(Policy.POSTORDER))) {
        assertEquals(h + 1, p.memory());
        assertNotEquals(s.area(), p.area());
        assertTrue(p.area() < s.area());
      }
    }
  }

  @Test
  void optionsCarryTheObjective() {
    assertEquals(Objective.ELIGIBILITY, ScheduleOptions.defaults().objective());
    assertEquals(Objective.MEMORY, MEMORY.objective());
    assertEquals(MEMORY, ScheduleOptions.defaults().withObjective(Objective.MEMORY));
    assertNotEquals(MEMORY, ScheduleOptions.defaults());
    assertTrue(MEMORY.toString().contains("MEMORY"));
    assertThrows(NullPointerException.class, () -> ScheduleOptions.defaults().withObjective(null));
  }
}
