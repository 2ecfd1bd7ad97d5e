namespace IcSched {

using Marshal = global::System.Runtime.InteropServices.Marshal;
using IntPtr = global::System.IntPtr;

/// <summary>Array conversions between the SWIG layer and managed code (see ics_csharp.swg).</summary>
internal static class NativeArrays {
  private const int Header = 8; // int64 element count

  /// <summary>Copies a native { int64 count; uint32 ids[] } block into an int[] and frees it.</summary>
  internal static int[] TakeInts(IntPtr block) {
    if (block == IntPtr.Zero) {
      throw new global::System.OutOfMemoryException("icsched: no memory for a result array");
    }
    try {
      long n = Marshal.ReadInt64(block);
      int[] result = new int[checked((int) n)];
      if (n > 0) {
        Marshal.Copy(new IntPtr(block.ToInt64() + Header), result, 0, (int) n);
      }
      return result;
    } finally {
      IcsPINVOKE.IcsSwig_FreeBlock(block);
    }
  }

  /// <summary>Copies a native { int64 count; int64 values[] } block into a long[] and frees it.</summary>
  internal static long[] TakeLongs(IntPtr block) {
    if (block == IntPtr.Zero) {
      throw new global::System.OutOfMemoryException("icsched: no memory for a result array");
    }
    try {
      long n = Marshal.ReadInt64(block);
      long[] result = new long[checked((int) n)];
      if (n > 0) {
        Marshal.Copy(new IntPtr(block.ToInt64() + Header), result, 0, (int) n);
      }
      return result;
    } finally {
      IcsPINVOKE.IcsSwig_FreeBlock(block);
    }
  }

  /// <summary>{ length, ids... } for the native side, which cannot see a managed length.</summary>
  internal static int[] WithLength(int[] ids, string paramName) {
    if (ids == null) {
      throw new global::System.ArgumentNullException(paramName);
    }
    int[] r = new int[ids.Length + 1];
    r[0] = ids.Length;
    global::System.Array.Copy(ids, 0, r, 1, ids.Length);
    return r;
  }

  /// <summary>{ length, values... } for the native side (native handles of Sweep.OfDags).</summary>
  internal static long[] WithLength(long[] values, string paramName) {
    if (values == null) {
      throw new global::System.ArgumentNullException(paramName);
    }
    long[] r = new long[values.Length + 1];
    r[0] = values.Length;
    global::System.Array.Copy(values, 0, r, 1, values.Length);
    return r;
  }

  /// <summary>A copy of strings followed by null; null entries are refused.</summary>
  internal static string[] NullTerminated(string[] strings, string paramName) {
    if (strings == null) {
      throw new global::System.ArgumentNullException(paramName);
    }
    string[] r = new string[strings.Length + 1];
    for (int i = 0; i < strings.Length; ++i) {
      if (strings[i] == null) {
        throw new global::System.ArgumentNullException(paramName, paramName + "[" + i + "] is null");
      }
      r[i] = strings[i];
    }
    return r;
  }
}

}
