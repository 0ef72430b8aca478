package org.neardup.lsh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BandingTest {
  /**
   * Golden vectors of {@link BandingVersion#V1}: persisted indexes store these keys, so they never
   * change. Computed once, with the banding as it was before versions existed (the same code); a
   * different value is a new version.
   */
  @Test
  void version1BucketKeysAreStable() {
    Banding banding = new Banding(LshParams.of(3, 2), BandingVersion.V1);
    assertThat(banding.bucketKeys(new int[] {0, 1, 2, 3, 4, 5})).containsExactly(GOLDEN_012345);
    assertThat(banding.bucketKeys(new int[] {-1, -1, -1, -1, -1, -1}))
        .containsExactly(GOLDEN_ALL_ONES);
    // a checksum over a grid of random signatures and bandings
    SplittableRandom random = new SplittableRandom(0xBA4D);
    long checksum = 0;
    for (int bands = 1; bands <= 20; bands++) {
      for (int rows = 1; rows <= 8; rows++) {
        Banding grid = new Banding(LshParams.of(bands, rows));
        for (long key : grid.bucketKeys(random.ints(bands * rows).toArray())) {
          checksum = checksum * 31 + key;
        }
      }
    }
    assertThat(checksum).isEqualTo(GOLDEN_CHECKSUM);
  }

  @Test
  void theBandIsPartOfTheKeyAndOnlyItsRowsMatter() {
    Banding banding = new Banding(LshParams.of(2, 2));
    long[] keys = banding.bucketKeys(new int[] {7, 7, 7, 7, 99});
    assertThat(keys[0]).isNotEqualTo(keys[1]); // same values, different bands
    assertThat(banding.bucketKeys(new int[] {7, 7, 7, 7, 1}))
        .containsExactly(keys); // value 4 is unused
    assertThatThrownBy(() -> banding.bucketKeys(new int[3])).hasMessageContaining("needs 4");
  }

  @Test
  void versionsHaveStableIds() {
    assertThat(BandingVersion.ofId(1)).isEqualTo(BandingVersion.V1);
    assertThatThrownBy(() -> BandingVersion.ofId(9))
        .hasMessageContaining("unknown banding version 9");
  }

  private static final long[] GOLDEN_012345 = {
    -785843417854412572L, -6647170143355165241L, -4781084788050170307L
  };
  private static final long[] GOLDEN_ALL_ONES = {
    -1762717202939894107L, 8512317725997895220L, -3134342721337632257L
  };
  private static final long GOLDEN_CHECKSUM = -4331935787892682245L;
}
