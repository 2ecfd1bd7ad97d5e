package org.icsched;

import java.util.Arrays;

/**
 * One building block of a {@link Schedule}'s certificate: a bipartite piece of
 * the skeleton, its schedule and its profile ({@code ics_block_info} plus the
 * block's arrays). An immutable value: the arrays are copied in and out.
 */
public final class Block {
  private final int index;
  private final String shape;
  private final String kind;
  private final boolean proven;
  private final int[] sources;
  private final int[] sinks;
  private final int[] profile;

  Block(int index, String shape, String kind, boolean proven, int[] sources, int[] sinks, int[] profile) {
    this.index = index;
    this.shape = shape;
    this.kind = kind;
    this.proven = proven;
    this.sources = sources.clone();
    this.sinks = sinks.clone();
    this.profile = profile.clone();
  }

  /** Index of the block: its position in {@link Schedule#blocks()}, node "B&lt;index&gt;" of {@link Dag#superdag()}. */
  public int index() {
    return index;
  }

  /** The recognised shape, e.g. {@code "W(3,2)"}, {@code "C(4)"}, {@code "bipartite(30 sources)"}. */
  public String shape() {
    return shape;
  }

  /**
   * The family as the library names it ({@code ics_block_info.kind}), e.g. {@code "w_dag"},
   * {@code "cycle_dag"}, {@code "pbt"}, {@code "exact"}, {@code "greedy"}, {@code "trivial"}.
   */
  public String kind() {
    return kind;
  }

  /** True when the block's schedule is proven IC-optimal for the block. */
  public boolean isProven() {
    return proven;
  }

  /** The block's sources (node ids of the dag) in the block schedule's order. */
  public int[] sources() {
    return sources.clone();
  }

  /** The block's sinks (node ids of the dag). */
  public int[] sinks() {
    return sinks.clone();
  }

  /** E(0..sources().length): sinks of the block made ELIGIBLE after x of its sources. */
  public int[] profile() {
    return profile.clone();
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof Block)) {
      return false;
    }
    Block b = (Block) o;
    return index == b.index && proven == b.proven && shape.equals(b.shape) && kind.equals(b.kind)
        && Arrays.equals(sources, b.sources) && Arrays.equals(sinks, b.sinks) && Arrays.equals(profile, b.profile);
  }

  @Override
  public int hashCode() {
    int h = index;
    h = 31 * h + shape.hashCode();
    h = 31 * h + kind.hashCode();
    h = 31 * h + Boolean.hashCode(proven);
    h = 31 * h + Arrays.hashCode(sources);
    h = 31 * h + Arrays.hashCode(sinks);
    h = 31 * h + Arrays.hashCode(profile);
    return h;
  }

  @Override
  public String toString() {
    return "Block[index=" + index + ", shape=" + shape + ", kind=" + kind + ", proven=" + proven + ", sources="
        + Arrays.toString(sources) + ", sinks=" + Arrays.toString(sinks) + ", profile=" + Arrays.toString(profile)
        + "]";
  }
}
