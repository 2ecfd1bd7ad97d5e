namespace IcSched {

/// <summary>
/// One building block of a Schedule's certificate: a bipartite piece of the skeleton, its
/// schedule and its profile (ics_block_info plus the block's arrays). Immutable: the
/// array methods return copies.
/// </summary>
public sealed class Block : global::System.IEquatable<Block> {
  private readonly int[] sources;
  private readonly int[] sinks;
  private readonly int[] profile;

  internal Block(int index, string shape, string kind, bool proven, int[] sources, int[] sinks, int[] profile) {
    Index = index;
    Shape = shape;
    Kind = kind;
    IsProven = proven;
    this.sources = (int[]) sources.Clone();
    this.sinks = (int[]) sinks.Clone();
    this.profile = (int[]) profile.Clone();
  }

  /// <summary>Position in Schedule.Blocks(); node "B&lt;Index&gt;" of Dag.Superdag().</summary>
  public int Index { get; private set; }

  /// <summary>The recognised shape, e.g. "W(3,2)", "C(4)", "bipartite(30 sources)".</summary>
  public string Shape { get; private set; }

  /// <summary>The family as the library names it (ics_block_info.kind), e.g. "w_dag", "cycle_dag", "pbt", "exact", "greedy", "trivial".</summary>
  public string Kind { get; private set; }

  /// <summary>True when the block's schedule is proven IC-optimal for the block.</summary>
  public bool IsProven { get; private set; }

  /// <summary>The block's sources (node ids of the dag) in the block schedule's order.</summary>
  public int[] Sources() {
    return (int[]) sources.Clone();
  }

  /// <summary>The block's sinks (node ids of the dag).</summary>
  public int[] Sinks() {
    return (int[]) sinks.Clone();
  }

  /// <summary>E(0..Sources().Length): sinks of the block made ELIGIBLE after x of its sources.</summary>
  public int[] Profile() {
    return (int[]) profile.Clone();
  }

  public bool Equals(Block other) {
    return other != null && Index == other.Index && IsProven == other.IsProven && Shape == other.Shape &&
           Kind == other.Kind && SameInts(sources, other.sources) && SameInts(sinks, other.sinks) &&
           SameInts(profile, other.profile);
  }

  public override bool Equals(object obj) {
    return Equals(obj as Block);
  }

  public override int GetHashCode() {
    unchecked {
      int h = Index;
      h = h * 31 + Shape.GetHashCode();
      h = h * 31 + Kind.GetHashCode();
      h = h * 31 + (IsProven ? 1 : 0);
      h = h * 31 + HashInts(sources);
      h = h * 31 + HashInts(sinks);
      h = h * 31 + HashInts(profile);
      return h;
    }
  }

  public override string ToString() {
    return string.Format("Block[Index={0}, Shape={1}, Kind={2}, IsProven={3}, Sources=[{4}], Sinks=[{5}], Profile=[{6}]]",
                         Index, Shape, Kind, IsProven, string.Join(", ", sources), string.Join(", ", sinks),
                         string.Join(", ", profile));
  }

  private static bool SameInts(int[] a, int[] b) {
    if (a.Length != b.Length) {
      return false;
    }
    for (int i = 0; i < a.Length; ++i) {
      if (a[i] != b[i]) {
        return false;
      }
    }
    return true;
  }

  private static int HashInts(int[] a) {
    unchecked {
      int h = 1;
      foreach (int x in a) {
        h = h * 31 + x;
      }
      return h;
    }
  }
}

}
