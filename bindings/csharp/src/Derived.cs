namespace IcSched {

/// <summary>
/// A dag made by the dag algebra (DagAlgebra) together with its origin map: node v of
/// Dag comes from node Node(v) of operand Part(v) (the summand index of a sum; 0 = G1,
/// 1 = G2 of a composition, a merged node reporting its G1 sink; 0 for an induced
/// subdag). Disposing it disposes the dag.
/// </summary>
public sealed class Derived : global::System.IDisposable {
  private readonly int[] parts;
  private readonly int[] nodes;

  internal Derived(Dag dag, int[] origin) {
    Dag = dag;
    int n = origin.Length / 2;
    parts = new int[n];
    nodes = new int[n];
    global::System.Array.Copy(origin, 0, parts, 0, n);
    global::System.Array.Copy(origin, n, nodes, 0, n);
  }

  /// <summary>The new dag (owned by this object).</summary>
  public Dag Dag { get; }

  /// <summary>The operand node id comes from.</summary>
  public int Part(int id) {
    return parts[id];
  }

  /// <summary>The id node id has in its operand.</summary>
  public int Node(int id) {
    return nodes[id];
  }

  /// <summary>Part(v) of every node, indexed by id (a copy).</summary>
  public int[] Parts() {
    return (int[]) parts.Clone();
  }

  /// <summary>Node(v) of every node, indexed by id (a copy).</summary>
  public int[] Nodes() {
    return (int[]) nodes.Clone();
  }

  public void Dispose() {
    Dag.Dispose();
  }
}

}
