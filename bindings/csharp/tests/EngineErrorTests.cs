using System;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>Errors and misuse of the scheduling engine part: statuses, disposed objects, nulls.</summary>
[TestFixture]
public class EngineErrorTests {
  private static IcsException Expect(Status code, TestDelegate call) {
    var e = Assert.Throws<IcsException>(call);
    Assert.AreEqual(code, e.Code, e.Message);
    Assert.IsNotEmpty(e.Message);
    return e;
  }

  [Test]
  public void NewStatusValues() {
    Assert.AreEqual(-16, (int) Status.NotIcOptimal);
    Assert.AreEqual(-17, (int) Status.NotDecomposable);
    Assert.AreEqual(0, (int) ScheduleStatus.IcOptimal);
    Assert.AreEqual(1, (int) ScheduleStatus.Heuristic);
    Assert.AreEqual(1, (int) ScheduleMethod.Sweep);
    Assert.AreEqual(2, (int) ScheduleStatus.AreaOptimal);
    Assert.AreEqual(4, (int) ScheduleMethod.Sidney);
    Assert.AreEqual(6, (int) ScheduleMethod.Level);
    Assert.AreEqual(8, Enum.GetValues(typeof(ScheduleMethod)).Length);
    Assert.AreEqual(7, (int) ScheduleMethod.SeriesParallel);
  }

  [Test]
  public void BadProfiles() {
    Expect(Status.InvalidArgument, () => Sweep.OfProfiles(new[] {1, 2}).Dispose());
    Expect(Status.InvalidArgument, () => Sweep.OfProfiles(new[] {0, 1}, new[] {2}).Dispose());
    Expect(Status.InvalidArgument, () => Sweep.OfProfiles().Dispose());
    Expect(Status.InvalidArgument, () => Sweep.OfProfiles(new int[0]).Dispose());
    Expect(Status.InvalidArgument, () => Sweep.OfProfiles(new[] {0, -1}).Dispose());
    Expect(Status.InvalidArgument, () => Priority.Has(new[] {3}, new[] {0}));
    Expect(Status.InvalidArgument, () => Priority.Has(new int[0], new[] {0}));
    using (var s = Sweep.OfProfiles(new[] {0, 1}, new[] {0, 1})) {
      Expect(Status.InvalidArgument, () => s.HasPriority(2, 0));
      Expect(Status.InvalidArgument, () => s.HasPriority(0, -1));
      Expect(Status.InvalidArgument, () => s.Order()); // a sweep of profiles has no dag order
    }
  }

  [Test]
  public void DagsWithoutIcoSchedule() {
    using (var bad = BruteForce.NoIco())
    using (var good = Dag.Fft(2)) {
      var e = Expect(Status.NotIcOptimal, () => Priority.Has(bad, good));
      StringAssert.Contains("IC-optimal", e.Message);
      Expect(Status.NotIcOptimal, () => Priority.Has(good, bad));
      Expect(Status.NotIcOptimal, () => Sweep.OfDags(good, bad).Dispose());
    }
  }

  [Test]
  public void BadOrders() {
    using (var dag = Diamond.Build()) {
      Expect(Status.InvalidOrder, () => dag.DualOrder(new[] {3, 2, 1, 0}));
      Expect(Status.InvalidOrder, () => dag.NonsourceProfile(new[] {0, 0, 1, 2}));
      Expect(Status.InvalidOrder, () => dag.NonsourceProfile(new[] {0, 9, 1, 2}));
      Expect(Status.InvalidOrder, () => dag.DualOrder(new[] {0, -1, 1, 2}));
    }
  }

  [Test]
  public void CyclicDag() {
    using (var dag = BruteForce.FromArcs("a->b", "b->a")) {
      Expect(Status.Cycle, () => dag.Schedule());
      Expect(Status.Cycle, () => dag.Skeleton());
      Expect(Status.Cycle, () => dag.Dual());
    }
  }

  [Test]
  public void UseAfterDispose() {
    var dag = Dag.Fft(2);
    var s = dag.Schedule();
    var w = Sweep.OfProfiles(new[] {0, 1});
    var d = Sweep.OfDags(dag);
    s.Dispose();
    w.Dispose();
    d.Dispose();
    Assert.IsTrue(s.IsDisposed);
    Assert.Throws<ObjectDisposedException>(() => { var x = s.Status; });
    Assert.Throws<ObjectDisposedException>(() => { var x = s.IsIcOptimal; });
    Assert.Throws<ObjectDisposedException>(() => s.Order());
    Assert.Throws<ObjectDisposedException>(() => s.Blocks());
    Assert.Throws<ObjectDisposedException>(() => s.Linearization());
    Assert.Throws<ObjectDisposedException>(() => { var x = s.Area; });
    var e = Assert.Throws<ObjectDisposedException>(() => { var x = w.IsIco; });
    StringAssert.Contains("Sweep", e.Message);
    Assert.Throws<ObjectDisposedException>(() => w.Path());
    Assert.Throws<ObjectDisposedException>(() => d.Order());
    s.Dispose(); // idempotent
    dag.Dispose();
    Assert.Throws<ObjectDisposedException>(() => dag.Schedule());
    Assert.Throws<ObjectDisposedException>(() => dag.Skeleton());
    Assert.Throws<ObjectDisposedException>(() => dag.DualOrder(new[] {0}));
    using (var other = Dag.Fft(2)) {
      Assert.Throws<ObjectDisposedException>(() => Priority.Has(dag, other));
      Assert.Throws<ObjectDisposedException>(() => Priority.Has(other, dag));
      Assert.Throws<ObjectDisposedException>(() => Sweep.OfDags(other, dag));
    }
  }

  [Test]
  public void NullArguments() {
    Assert.AreEqual("profiles", Assert.Throws<ArgumentNullException>(() => Sweep.OfProfiles((int[][]) null)).ParamName);
    Assert.Throws<ArgumentNullException>(() => Sweep.OfProfiles(new[] {0}, null));
    Assert.Throws<ArgumentNullException>(() => Sweep.OfDags((Dag[]) null));
    Assert.Throws<ArgumentNullException>(() => Sweep.OfDags((Dag) null));
    Assert.Throws<ArgumentNullException>(() => Priority.Has((int[]) null, new[] {0}));
    Assert.Throws<ArgumentNullException>(() => Priority.Has((Dag) null, null));
    using (var dag = Diamond.Build()) {
      Assert.Throws<ArgumentNullException>(() => dag.DualOrder(null));
      Assert.Throws<ArgumentNullException>(() => dag.NonsourceProfile(null));
    }
  }

  [Test]
  public void UndisposedResultsAreFinalized() {
    for (int i = 0; i < 500; ++i) {
      var dag = Dag.Fft(2);
      var s = dag.Schedule();
      var w = Sweep.OfDags(dag, dag);
      Assert.AreEqual(12, s.Order().Length);
      Assert.AreEqual(2, w.Count);
    }
    GC.Collect();
    GC.WaitForPendingFinalizers();
    GC.Collect();
  }
}

}
