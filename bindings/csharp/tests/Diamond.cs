using System;
using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>Shared fixtures and checks of the binding tests.</summary>
internal static class Diamond {
  /// <summary>a -> b, a -> c, b -> d, c -> d with ids a=0, b=1, c=2, d=3.</summary>
  internal static Dag Build() {
    var dag = new Dag();
    int a = dag.AddNode("a");
    int b = dag.AddNode("b");
    int c = dag.AddNode("c");
    int d = dag.AddNode("d");
    dag.AddArc(a, b);
    dag.AddArc(a, c);
    dag.AddArc(b, d);
    dag.AddArc("c", "d");
    return dag;
  }

  /// <summary>Every node exactly once and every arc u -> v with u before v.</summary>
  internal static void AssertValidOrder(Dag dag, int[] order) {
    int n = dag.NodeCount;
    Assert.AreEqual(n, order.Length, "order length");
    var position = Enumerable.Repeat(-1, n).ToArray();
    for (int step = 0; step < order.Length; ++step) {
      int v = order[step];
      Assert.IsTrue(v >= 0 && v < n, "id in range: " + v);
      Assert.AreEqual(-1, position[v], "node executed twice: " + v);
      position[v] = step;
    }
    for (int u = 0; u < n; ++u) {
      foreach (int v in dag.Children(u)) {
        Assert.Less(position[u], position[v], "arc " + u + "->" + v);
      }
    }
  }

  /// <summary>The arcs as "from->to" by name, sorted.</summary>
  internal static List<string> NamedArcs(Dag dag) {
    var arcs = new List<string>();
    for (int u = 0; u < dag.NodeCount; ++u) {
      foreach (int v in dag.Children(u)) {
        arcs.Add(dag.NodeName(u) + "->" + dag.NodeName(v));
      }
    }
    arcs.Sort(StringComparer.Ordinal);
    return arcs;
  }

  internal static List<string> Names(Dag dag) {
    var names = new List<string>();
    for (int v = 0; v < dag.NodeCount; ++v) {
      names.Add(dag.NodeName(v));
    }
    names.Sort(StringComparer.Ordinal);
    return names;
  }
}

}
