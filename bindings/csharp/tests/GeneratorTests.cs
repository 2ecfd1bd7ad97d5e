using System;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>Node/arc counts of the papers' families (closed forms).</summary>
[TestFixture]
public class GeneratorTests {
  private static void Check(Dag dag, int nodes, long arcs, int sources, int sinks) {
    using (dag) {
      dag.Validate();
      Assert.AreEqual(nodes, dag.NodeCount, "nodes");
      Assert.AreEqual(arcs, dag.ArcCount, "arcs");
      Assert.AreEqual(sources, dag.Sources().Length, "sources");
      Assert.AreEqual(sinks, dag.Sinks().Length, "sinks");
      Diamond.AssertValidOrder(dag, dag.TopologicalOrder());
      DagInfo info = dag.Info;
      Assert.AreEqual(nodes, info.Nodes);
      Assert.AreEqual(arcs, info.Arcs);
      Assert.AreEqual(sources, info.Sources);
      Assert.AreEqual(sinks, info.Sinks);
    }
  }

  [Test]
  public void Fft() {
    Check(Dag.Fft(3), 32, 48, 8, 8);
  }

  [Test]
  public void ReductionMesh() {
    Check(Dag.ReductionMesh(5), 15, 20, 5, 1);
    Check(Dag.OutMesh(5), 15, 20, 1, 5);
  }

  [Test]
  public void ReductionTree() {
    Check(Dag.ReductionTree(3), 15, 14, 8, 1);
    Check(Dag.ReductionTree(new[] {"", "0", "1"}), 3, 2, 2, 1);
    Check(Dag.ReductionTree(new[] {"", "0", "1", "00", "01"}), 5, 4, 3, 1);
  }

  [Test]
  public void BuildingBlocks() {
    Check(Dag.W(3, 2), 7, 6, 3, 4);
    Check(Dag.M(3, 2), 7, 6, 4, 3);
    Check(Dag.N(4), 8, 7, 4, 4);
    Check(Dag.Cycle(4), 8, 8, 4, 4);
    // 3: a source with 3 children; 1/2: a sink with 2 parents; 2: a source with 2 children.
    Check(Dag.Pbt("3,1/2,2"), 6, 5, 2, 4);
  }

  [Test]
  public void ExpansionReduction() {
    Check(Dag.ExpansionReduction(2), 10, 12, 1, 1);
  }

  [Test]
  public void RandomDagsAreSeeded() {
    using (var a = Dag.RandomLayered(4, 5, 0.5, 42))
    using (var b = Dag.RandomLayered(4, 5, 0.5, 42)) {
      Assert.AreEqual(20, a.NodeCount);
      CollectionAssert.AreEqual(Diamond.NamedArcs(a), Diamond.NamedArcs(b));
    }
    using (var a = Dag.RandomEr(30, 0.3, 7))
    using (var b = Dag.RandomEr(30, 0.3, 7))
    using (var c = Dag.RandomEr(30, 0.3, 8)) {
      Assert.AreEqual(30, a.NodeCount);
      a.Validate();
      Assert.AreEqual(a.ToString(Format.Edges), b.ToString(Format.Edges));
      CollectionAssert.AreNotEqual(Diamond.NamedArcs(a), Diamond.NamedArcs(c));
    }
    using (var full = Dag.RandomEr(6, 1.0, -1L)) {
      Assert.AreEqual(15L, full.ArcCount);
      int[] levels = full.Levels();
      Array.Sort(levels);
      CollectionAssert.AreEqual(new[] {0, 1, 2, 3, 4, 5}, levels);
    }
  }
}

}
