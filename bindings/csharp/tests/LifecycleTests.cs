using System;
using System.Linq;
using System.Threading.Tasks;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>Dispose, use after dispose, null arguments, finalizers, threads.</summary>
[TestFixture]
public class LifecycleTests {
  [Test]
  public void UseAfterDisposeThrowsObjectDisposed() {
    var dag = Diamond.Build();
    Assert.IsFalse(dag.IsDisposed);
    dag.Dispose();
    Assert.IsTrue(dag.IsDisposed);
    dag.Dispose(); // idempotent
    var e = Assert.Throws<ObjectDisposedException>(() => { var n = dag.NodeCount; });
    StringAssert.Contains("Dag", e.Message);
    Assert.Throws<ObjectDisposedException>(() => dag.AddNode("x"));
    Assert.Throws<ObjectDisposedException>(() => dag.AddArc(0, 1));
    Assert.Throws<ObjectDisposedException>(() => dag.TopologicalOrder());
    Assert.Throws<ObjectDisposedException>(() => dag.Evaluate(new[] {0, 1, 2, 3}));
    Assert.Throws<ObjectDisposedException>(() => dag.ToString(Format.Edges));
    Assert.Throws<ObjectDisposedException>(() => dag.Clone());
    Assert.Throws<ObjectDisposedException>(() => { var i = dag.Info; });
  }

  [Test]
  public void ProfileUseAfterDispose() {
    using (var dag = Diamond.Build()) {
      var p = dag.Evaluate(new[] {0, 1, 2, 3});
      p.Dispose();
      Assert.IsTrue(p.IsDisposed);
      Assert.Throws<ObjectDisposedException>(() => p.Eligible());
      Assert.Throws<ObjectDisposedException>(() => { var a = p.Area; });
      p.Dispose();
    }
  }

  [Test]
  public void NullArguments() {
    using (var dag = Diamond.Build()) {
      Assert.AreEqual("name", Assert.Throws<ArgumentNullException>(() => dag.AddNode(null)).ParamName);
      Assert.Throws<ArgumentNullException>(() => dag.AddArc(null, "a"));
      Assert.Throws<ArgumentNullException>(() => dag.AddArc("a", null));
      Assert.Throws<ArgumentNullException>(() => dag.NodeId(null));
      Assert.AreEqual("order", Assert.Throws<ArgumentNullException>(() => dag.Evaluate(null)).ParamName);
      Assert.Throws<ArgumentNullException>(() => dag.ValidateOrder(null));
      Assert.Throws<ArgumentNullException>(() => dag.Write(null, Format.Edges));
      Assert.AreEqual(4, dag.NodeCount);
    }
    Assert.Throws<ArgumentNullException>(() => Dag.Read(null));
    Assert.Throws<ArgumentNullException>(() => Dag.Parse(null, Format.Edges));
    Assert.Throws<ArgumentNullException>(() => Dag.Pbt(null));
    Assert.Throws<ArgumentNullException>(() => Dag.ReductionTree((string[]) null));
    Assert.Throws<ArgumentNullException>(() => Dag.ReductionTree(new[] {"", null}));
  }

  [Test]
  public void UndisposedObjectsAreFinalized() {
    for (int i = 0; i < 2000; ++i) {
      var dag = Dag.Fft(4);
      var p = dag.Evaluate(dag.TopologicalOrder());
      Assert.AreEqual(80, dag.NodeCount);
      Assert.AreEqual(81, p.Eligible().Length);
    }
    GC.Collect();
    GC.WaitForPendingFinalizers();
    GC.Collect();
  }

  [Test]
  public void IndependentDagsOnManyThreads() {
    var tasks = Enumerable.Range(0, 8).Select(seed => Task.Run(() => {
      long area = 0;
      for (int i = 0; i < 50; ++i) {
        using (var dag = Dag.RandomLayered(5, 6, 0.4, seed))
        using (var p = dag.Evaluate(dag.Order(Policy.Level))) {
          area = p.Area;
        }
        using (var bad = Diamond.Build()) {
          Assert.Throws<IcsException>(() => bad.NodeId("missing-" + seed));
        }
      }
      return area;
    })).ToArray();
    Task.WaitAll(tasks);
    for (int t = 0; t < 8; ++t) {
      using (var dag = Dag.RandomLayered(5, 6, 0.4, t))
      using (var p = dag.Evaluate(dag.Order(Policy.Level))) {
        Assert.AreEqual(p.Area, tasks[t].Result);
      }
    }
  }
}

}
