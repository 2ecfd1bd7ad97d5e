namespace IcSched {

/// <summary>Summary numbers of a Dag (ics_dag_info).</summary>
public sealed class DagInfo : global::System.IEquatable<DagInfo> {
  public DagInfo(int nodes, long arcs, long duplicateArcs, int sources, int sinks, int levels, int maxLevelWidth) {
    Nodes = nodes;
    Arcs = arcs;
    DuplicateArcs = duplicateArcs;
    Sources = sources;
    Sinks = sinks;
    Levels = levels;
    MaxLevelWidth = maxLevelWidth;
  }

  /// <summary>Number of nodes.</summary>
  public int Nodes { get; private set; }
  /// <summary>Distinct arcs.</summary>
  public long Arcs { get; private set; }
  /// <summary>Arcs given more than once (merged).</summary>
  public long DuplicateArcs { get; private set; }
  /// <summary>Nodes without parents.</summary>
  public int Sources { get; private set; }
  /// <summary>Nodes without children.</summary>
  public int Sinks { get; private set; }
  /// <summary>Longest path, counted in nodes.</summary>
  public int Levels { get; private set; }
  /// <summary>Most nodes on one longest-path level.</summary>
  public int MaxLevelWidth { get; private set; }

  public bool Equals(DagInfo other) {
    return other != null && Nodes == other.Nodes && Arcs == other.Arcs && DuplicateArcs == other.DuplicateArcs &&
           Sources == other.Sources && Sinks == other.Sinks && Levels == other.Levels &&
           MaxLevelWidth == other.MaxLevelWidth;
  }

  public override bool Equals(object obj) {
    return Equals(obj as DagInfo);
  }

  public override int GetHashCode() {
    unchecked {
      long h = Nodes;
      h = h * 31 + Arcs;
      h = h * 31 + DuplicateArcs;
      h = h * 31 + Sources;
      h = h * 31 + Sinks;
      h = h * 31 + Levels;
      h = h * 31 + MaxLevelWidth;
      return (int) (h ^ (h >> 32));
    }
  }

  public override string ToString() {
    return string.Format(
        "DagInfo[Nodes={0}, Arcs={1}, DuplicateArcs={2}, Sources={3}, Sinks={4}, Levels={5}, MaxLevelWidth={6}]",
        Nodes, Arcs, DuplicateArcs, Sources, Sinks, Levels, MaxLevelWidth);
  }
}

}
