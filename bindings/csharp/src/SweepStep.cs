namespace IcSched {

/// <summary>One step of the interleaved order of a sum of dags (Sweep.Order()).</summary>
public struct SweepStep : global::System.IEquatable<SweepStep> {
  public SweepStep(int dagIndex, int nodeId) {
    DagIndex = dagIndex;
    NodeId = nodeId;
  }

  /// <summary>The summand: index into the dags given to Sweep.OfDags.</summary>
  public int DagIndex { get; }

  /// <summary>The node of that dag executed at this step.</summary>
  public int NodeId { get; }

  public bool Equals(SweepStep other) {
    return DagIndex == other.DagIndex && NodeId == other.NodeId;
  }

  public override bool Equals(object obj) {
    return obj is SweepStep && Equals((SweepStep) obj);
  }

  public override int GetHashCode() {
    unchecked {
      return DagIndex * 31 + NodeId;
    }
  }

  public static bool operator ==(SweepStep a, SweepStep b) {
    return a.Equals(b);
  }

  public static bool operator !=(SweepStep a, SweepStep b) {
    return !a.Equals(b);
  }

  public override string ToString() {
    return "SweepStep[DagIndex=" + DagIndex + ", NodeId=" + NodeId + "]";
  }
}

}
