namespace IcSched {

/// <summary>
/// One batch chosen by Batch: the tasks to run and how good the choice is. A plain value:
/// nothing to dispose. ELIGIBLE = unexecuted with every parent executed;
/// EligibleAfter == EligibleBefore - Selected.Length + NewlyEligible.
/// </summary>
public sealed class BatchResult {
  private readonly int[] selected;

  private BatchResult(int[] selected, int before, int after, int newly, int bound, BatchMethod method, bool optimal,
                      string guarantee) {
    this.selected = selected;
    EligibleBefore = before;
    EligibleAfter = after;
    NewlyEligible = newly;
    BoundAfter = bound;
    Method = method;
    IsOptimal = optimal;
    Guarantee = guarantee;
  }

  /// <summary>Reads one record of the binding's wire format (bindings/swig/ics.i) at `at`, advancing it.</summary>
  internal static BatchResult Read(long[] v, ref int at) {
    int p = at;
    int n = (int) v[p + 6];
    var ids = new int[n];
    for (int k = 0; k < n; ++k) {
      ids[k] = (int) v[p + 7 + k];
    }
    int m = (int) v[p + 7 + n];
    var text = new byte[m];
    for (int k = 0; k < m; ++k) {
      text[k] = (byte) v[p + 8 + n + k];
    }
    at = p + 8 + n + m;
    return new BatchResult(ids, (int) v[p], (int) v[p + 1], (int) v[p + 2], (int) v[p + 3], (BatchMethod) v[p + 4],
                           v[p + 5] != 0, global::System.Text.Encoding.UTF8.GetString(text));
  }

  /// <summary>The batch: task ids in increasing order (a copy).</summary>
  public int[] Selected {
    get { return (int[]) selected.Clone(); }
  }

  /// <summary>ELIGIBLE tasks before the batch runs.</summary>
  public int EligibleBefore { get; private set; }

  /// <summary>ELIGIBLE tasks once the batch has run.</summary>
  public int EligibleAfter { get; private set; }

  /// <summary>Tasks the batch renders ELIGIBLE.</summary>
  public int NewlyEligible { get; private set; }

  /// <summary>A proven upper bound on the best possible EligibleAfter (equal to it when optimal).</summary>
  public int BoundAfter { get; private set; }

  /// <summary>The method that produced the batch (never Auto).</summary>
  public BatchMethod Method { get; private set; }

  /// <summary>True when EligibleAfter is proven to be the maximum.</summary>
  public bool IsOptimal { get; private set; }

  /// <summary>One line saying what is proven about this batch.</summary>
  public string Guarantee { get; private set; }

  public override string ToString() {
    return "BatchResult[" + string.Join(", ", selected) + "] EligibleAfter=" + EligibleAfter + " " + Method +
           (IsOptimal ? " optimal" : " (at most " + BoundAfter + ")");
  }
}

}
