package org.icsched;

import java.util.Arrays;

/**
 * A dag made by the dag algebra ({@link DagAlgebra}) together with its origin
 * map: node {@code v} of {@link #dag()} comes from node {@link #node(int) node(v)}
 * of operand {@link #part(int) part(v)} (the summand index of a sum; 0 = G1,
 * 1 = G2 of a composition, a merged node reporting its G1 sink; 0 for an
 * induced subdag). Closing it closes the dag.
 */
public final class Derived implements AutoCloseable {
  private final Dag dag;
  private final int[] parts;
  private final int[] nodes;

  Derived(Dag dag, int[] origin) {
    this.dag = dag;
    int n = origin.length / 2;
    this.parts = Arrays.copyOfRange(origin, 0, n);
    this.nodes = Arrays.copyOfRange(origin, n, 2 * n);
  }

  /** The new dag (owned by this object). */
  public Dag dag() {
    return dag;
  }

  /** The operand node {@code id} comes from. */
  public int part(int id) {
    return parts[id];
  }

  /** The id node {@code id} has in its operand. */
  public int node(int id) {
    return nodes[id];
  }

  /** {@link #part(int)} of every node, indexed by id (a copy). */
  public int[] parts() {
    return parts.clone();
  }

  /** {@link #node(int)} of every node, indexed by id (a copy). */
  public int[] nodes() {
    return nodes.clone();
  }

  @Override
  public void close() {
    dag.close();
  }
}
