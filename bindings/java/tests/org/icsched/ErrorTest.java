package org.icsched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Every non-OK status surfaces as IcsException with the right code and message. */
class ErrorTest {
  private static IcsException expect(Status code, Executable call) {
    IcsException e = assertThrows(IcsException.class, call);
    assertEquals(code, e.getCode(), e.getMessage());
    assertEquals(code.swigValue(), e.getCodeValue());
    assertTrue(e.getMessage() != null && !e.getMessage().isEmpty(), "message");
    return e;
  }

  @Test
  void cycleNamesItsNodes() {
    try (Dag dag = new Dag()) {
      dag.addNode("alpha");
      dag.addNode("beta");
      dag.addNode("gamma");
      dag.addArc("alpha", "beta");
      dag.addArc("beta", "gamma");
      dag.addArc("gamma", "alpha"); // accepted; reported when acyclicity is needed
      IcsException e = expect(Status.CYCLE, dag::validate);
      for (String name : new String[] {"alpha", "beta", "gamma"}) {
        assertTrue(e.getMessage().contains(name), e.getMessage());
      }
      expect(Status.CYCLE, dag::topologicalOrder);
      expect(Status.CYCLE, () -> dag.order(Policy.FIFO));
      assertTrue(e instanceof RuntimeException);
    }
  }

  @Test
  void unknownNodes() {
    try (Dag dag = Diamond.build()) {
      assertTrue(expect(Status.UNKNOWN_NODE, () -> dag.nodeId("zz")).getMessage().contains("zz"));
      expect(Status.UNKNOWN_NODE, () -> dag.addArc("a", "zz"));
      expect(Status.UNKNOWN_NODE, () -> dag.addArc(0, 99));
      expect(Status.UNKNOWN_NODE, () -> dag.nodeName(4));
      expect(Status.UNKNOWN_NODE, () -> dag.children(-1));
      expect(Status.UNKNOWN_NODE, () -> dag.parents(4));
      expect(Status.UNKNOWN_NODE, () -> dag.inDegree(100));
      assertEquals(4, dag.nodeCount()); // failed calls changed nothing
      assertEquals(4L, dag.arcCount());
    }
  }

  @Test
  void duplicateNodeAndSelfLoop() {
    try (Dag dag = Diamond.build()) {
      assertTrue(expect(Status.DUPLICATE_NODE, () -> dag.addNode("b")).getMessage().contains("b"));
      expect(Status.SELF_LOOP, () -> dag.addArc(1, 1));
      expect(Status.SELF_LOOP, () -> dag.addArc("c", "c"));
      expect(Status.INVALID_ARGUMENT, () -> dag.addNode(""));
      assertEquals(4, dag.nodeCount());
    }
  }

  @Test
  void malformedText() {
    expect(Status.PARSE, () -> Dag.parse("digraph { a -> ", Format.DOT));
    expect(Status.PARSE, () -> Dag.parse("{\"workflow\": [1, 2", Format.WFFORMAT));
    expect(Status.PARSE, () -> Dag.parse("{\"a\": 3}", Format.ADJACENCY_JSON));
    expect(Status.CYCLE, () -> Dag.parse("a b\nb a\n", Format.EDGES));
  }

  @Test
  void ioErrors() {
    expect(Status.IO, () -> Dag.read("/nonexistent/dir/none.edges", Format.EDGES));
    try (Dag dag = Diamond.build()) {
      expect(Status.IO, () -> dag.write("/nonexistent/dir/out.edges", Format.EDGES));
      expect(Status.UNSUPPORTED, () -> dag.toString(Format.STG));
    }
  }

  @Test
  void invalidOrders() {
    try (Dag dag = Diamond.build()) {
      expect(Status.INVALID_ORDER, () -> dag.evaluate(new int[] {3, 0, 1, 2})); // child first
      expect(Status.INVALID_ORDER, () -> dag.evaluate(new int[] {0, 1, 2})); // missing node
      expect(Status.INVALID_ORDER, () -> dag.validateOrder(new int[] {0, 1, 1, 3})); // repeated
      expect(Status.INVALID_ORDER, () -> dag.validateOrder(new int[] {0, 1, 2, 3, 3}));
      expect(Status.INVALID_ORDER, () -> dag.validateOrder(new int[] {0, 1, 2, 9})); // not a node
      expect(Status.INVALID_ORDER, () -> dag.validateOrder(new int[] {}));
      dag.validateOrder(new int[] {0, 2, 1, 3});
    }
  }

  @Test
  void badGeneratorParameters() {
    expect(Status.INVALID_ARGUMENT, () -> Dag.fft(-1));
    expect(Status.INVALID_ARGUMENT, () -> Dag.w(-2, 2));
    expect(Status.INVALID_ARGUMENT, () -> Dag.reductionTree(new String[] {"0", "1"})); // no root
    expect(Status.TOO_LARGE, () -> Dag.fft(40));
  }

  @Test
  void exceptionCarriesUnknownCodes() {
    IcsException e = new IcsException(-1000, "future");
    assertEquals(Status.INTERNAL, e.getCode());
    assertEquals(-1000, e.getCodeValue());
    assertEquals(Status.CYCLE, new IcsException(Status.CYCLE, "x").getCode());
  }
}
