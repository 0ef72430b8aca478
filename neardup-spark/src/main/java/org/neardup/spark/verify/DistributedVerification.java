package org.neardup.spark.verify;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;
import org.neardup.minhash.AgreementFilter;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.spark.corpus.DocumentInfo;
import org.neardup.spark.corpus.SignedSplit;
import org.neardup.spark.shuffle.DirectPartitioner;
import org.neardup.spark.shuffle.Homes;
import org.neardup.spark.shuffle.IndexSort;
import org.neardup.spark.shuffle.Outbox;
import org.neardup.verify.Jaccard;
import org.neardup.verify.SignatureCheck;
import org.neardup.verify.Verifier;
import scala.Tuple2;

/**
 * Verifies the candidate pairs of the buckets with the engine's {@link Verifier}, as the CLI does,
 * where the documents live: the cached corpus never moves, the pairs travel to it. Two shuffles of
 * packed batches:
 *
 * <ol>
 *   <li>each candidate pair (with its repeats, one for each bucket it shares) and each copy goes to
 *       the home of its later document, where the repeats are dropped and the document's id, text
 *       length, signature and raw text are attached ({@link PartnerBatch}); with exact verification
 *       the signature goes as its low bytes and whether it is well filled ({@link
 *       LowByteSignature}), made once for each document;
 *   <li>each then goes to the home of its earlier document, where the signature filter and the
 *       exact Jaccard of the two documents' shingles decide it, and copies are grouped under their
 *       original. The filter is the verifier's {@link AgreementFilter} on the agreement of the low
 *       bytes, which can only overstate the full signatures' agreement, so every pair the full
 *       signatures pass passes, as with the CLI's packed signatures. The Jaccard is counted from
 *       the shingle keys of the raw texts ({@link DocumentSketcher#shingleKeys}), as the CLI counts
 *       it for the documents it reads again: the earlier document's once, each partner's for each
 *       of its pairs that pass the filter.
 * </ol>
 *
 * So each candidate moves one document's data once, and no shingle set is ever shuffled or held for
 * a document that is in no candidate. Stateless.
 */
public final class DistributedVerification {
  private DistributedVerification() {}

  /**
   * What the homes hold after verification, a {@link HomePairs} for each corpus partition, in
   * partition order; persisted.
   *
   * @param corpus the signed corpus, a partition a home
   * @param scanned the buckets' candidates and copies, keyed by the home of the later document
   */
  public static JavaRDD<HomePairs> verify(
      JavaRDD<SignedSplit> corpus,
      JavaPairRDD<Integer, PairBatch> scanned,
      DocumentSketcher sketcher,
      Verifier verifier) {
    int homes = corpus.getNumPartitions();
    DirectPartitioner byHome = new DirectPartitioner(homes);
    JavaRDD<PairBatch> atLater = scanned.partitionBy(byHome).values();
    JavaRDD<Tuple2<Integer, PartnerBatch>> withPartners =
        corpus.zipPartitions(
            atLater, (home, batches) -> attach(home.next(), batches, homes, verifier));
    JavaRDD<PartnerBatch> atEarlier =
        JavaPairRDD.fromJavaRDD(withPartners).partitionBy(byHome).values();
    return corpus
        .zipPartitions(
            atEarlier,
            (home, batches) -> List.of(decide(home.next(), batches, sketcher, verifier)).iterator())
        .persist(StorageLevel.MEMORY_AND_DISK());
  }

  /**
   * At the home of the later documents: drops repeated candidates and attaches the later document's
   * data to each pair and copy, sending them on to the earlier document's home.
   */
  private static Iterator<Tuple2<Integer, PartnerBatch>> attach(
      SignedSplit home, Iterator<PairBatch> received, int homes, Verifier verifier) {
    boolean exact = verifier.needsSets();
    List<PairBatch> batches = new ArrayList<>();
    received.forEachRemaining(batches::add);
    int total = 0;
    PairCounts counts = PairCounts.NONE;
    for (PairBatch batch : batches) {
      total += batch.candidateCount();
      counts = counts.plus(batch.counts());
    }
    long[] firsts = new long[total];
    long[] bySecond = new long[total];
    int n = 0;
    for (PairBatch batch : batches) {
      for (int i = 0; i < batch.candidateCount(); i++, n++) {
        firsts[n] = batch.candidateFirst(i);
        bySecond[n] = HomeOrder.key(home, batch.candidateSecond(i), n);
      }
    }
    Arrays.sort(bySecond);
    long[] distinct = new long[total];
    int[] partners = new int[total];
    LowByteSignature[] signatures = new LowByteSignature[exact ? total : 0];
    int kept = 0;
    long[] run = new long[16];
    for (int k = 0; k < total; ) {
      long second = HomeOrder.ordinalOf(home, bySecond[k]);
      int index = indexOf(home, second);
      int length = 0;
      for (; k < total && HomeOrder.ordinalOf(home, bySecond[k]) == second; k++) {
        if (length == run.length) {
          run = Arrays.copyOf(run, 2 * length);
        }
        run[length++] = firsts[HomeOrder.position(bySecond[k])];
      }
      Arrays.sort(run, 0, length);
      LowByteSignature signature =
          exact
              ? LowByteSignature.of(
                  home.signatures(),
                  index * home.signatureLength(),
                  home.signatureLength(),
                  verifier.filter())
              : null;
      for (int r = 0; r < length; r++) {
        if (r == 0 || run[r] != run[r - 1]) {
          if (exact) {
            signatures[kept] = signature;
          }
          distinct[kept] = run[r];
          partners[kept++] = index;
        }
      }
    }
    PartnerBatch.Sizes[] sizes = new PartnerBatch.Sizes[homes];
    Arrays.setAll(sizes, destination -> new PartnerBatch.Sizes());
    for (int k = 0; k < kept; k++) {
      sizes[Homes.of(distinct[k])].candidate(home, partners[k]);
    }
    for (PairBatch batch : batches) {
      for (int i = 0; i < batch.copyCount(); i++) {
        sizes[Homes.of(batch.copyOriginal(i))].copy(home, indexOf(home, batch.copy(i)));
      }
    }
    Outbox<PartnerBatch> out =
        new Outbox<>(homes, destination -> new PartnerBatch(home, sizes[destination], exact));
    for (int k = 0; k < kept; k++) {
      long first = distinct[k];
      out.to(Homes.of(first)).candidate(first, home, partners[k], exact ? signatures[k] : null);
    }
    for (PairBatch batch : batches) {
      for (int i = 0; i < batch.copyCount(); i++) {
        long original = batch.copyOriginal(i);
        out.to(Homes.of(original)).copy(original, home, indexOf(home, batch.copy(i)));
      }
    }
    out.to(home.split()).count(counts.plus(new PairCounts(kept, 0, 0, 0, 0)));
    List<Tuple2<Integer, PartnerBatch>> sent = out.batches();
    sent.forEach(batch -> batch._2().trimmed());
    return sent.iterator();
  }

  /**
   * At the home of the earlier documents: the signature filter and the similarity of each
   * candidate, and the copy groups of the originals living here.
   */
  private static HomePairs decide(
      SignedSplit home,
      Iterator<PartnerBatch> received,
      DocumentSketcher sketcher,
      Verifier verifier) {
    List<PartnerBatch> batches = new ArrayList<>();
    received.forEachRemaining(batches::add);
    PairCounts counts = PairCounts.NONE;
    int total = 0;
    for (PartnerBatch batch : batches) {
      counts = counts.plus(batch.counts());
      total += batch.candidateCount();
    }
    PartnerBatch[] batchOf = new PartnerBatch[total];
    int[] positionIn = new int[total];
    long[] byFirst = new long[total];
    int n = 0;
    for (PartnerBatch batch : batches) {
      for (int i = 0; i < batch.candidateCount(); i++, n++) {
        batchOf[n] = batch;
        positionIn[n] = i;
        byFirst[n] = HomeOrder.key(home, batch.first(i), n);
      }
    }
    Arrays.sort(byFirst);
    List<VerifiedPair> pairs = new ArrayList<>();
    long passed = 0;
    boolean exact = verifier.needsSets();
    AgreementFilter filter = verifier.filter();
    int length = home.signatureLength();
    int[] signatures = home.signatures();
    int k = 0;
    while (k < total) {
      long first = HomeOrder.ordinalOf(home, byFirst[k]);
      int index = indexOf(home, first);
      DocumentInfo firstInfo = DocumentInfo.of(home, index);
      int offset = index * length;
      LowByteSignature firstSignature =
          exact ? LowByteSignature.of(signatures, offset, length, filter) : null;
      long[] keys = null;
      for (; k < total && HomeOrder.ordinalOf(home, byFirst[k]) == first; k++) {
        int at = HomeOrder.position(byFirst[k]);
        PartnerBatch batch = batchOf[at];
        int i = positionIn[at];
        double similarity;
        if (exact) {
          if (!firstSignature.passes(
              filter,
              length,
              batch.partnerLowBytes(),
              batch.partnerLowBytesOffset(i),
              batch.partnerWellFilled(i))) {
            continue;
          }
          if (keys == null) {
            keys = sketcher.shingleKeys(home.text(index));
          }
          // keys against keys, as the CLI compares documents it reads again
          similarity = verifier.exactOfHashes(sketcher.shingleKeys(batch.partnerText(i)), keys);
        } else {
          SignatureCheck check =
              verifier.check(
                  signatures, offset, batch.partnerSignatures(), batch.partnerSignatureOffset(i));
          if (check.rejected()) {
            continue;
          }
          similarity = check.similarity();
        }
        passed++;
        if (similarity != Jaccard.BELOW) {
          pairs.add(new VerifiedPair(firstInfo, batch.partner(i), similarity));
        }
      }
    }
    return new HomePairs(
        pairs, copyGroups(home, batches), counts.plus(new PairCounts(0, passed, 0, 0, 0)));
  }

  /** The copies received, grouped under their original, groups and copies in input order. */
  private static List<CopyGroup> copyGroups(SignedSplit home, List<PartnerBatch> batches) {
    List<DocumentInfo> copies = new ArrayList<>();
    List<Long> originals = new ArrayList<>();
    for (PartnerBatch batch : batches) {
      for (int i = 0; i < batch.copyCount(); i++) {
        copies.add(batch.copy(i));
        originals.add(batch.copyOriginal(i));
      }
    }
    int[] order =
        IndexSort.sorted(
            copies.size(),
            (i, j) -> {
              int c = Long.compare(originals.get(i), originals.get(j));
              return c != 0 ? c : Long.compare(copies.get(i).ordinal(), copies.get(j).ordinal());
            });
    List<CopyGroup> groups = new ArrayList<>();
    int k = 0;
    while (k < order.length) {
      long original = originals.get(order[k]);
      List<DocumentInfo> members = new ArrayList<>();
      for (; k < order.length && originals.get(order[k]) == original; k++) {
        members.add(copies.get(order[k]));
      }
      groups.add(new CopyGroup(DocumentInfo.of(home, indexOf(home, original)), members));
    }
    return groups;
  }

  private static int indexOf(SignedSplit home, long ordinal) {
    int index = home.indexOf(ordinal);
    if (index < 0) {
      throw new IllegalStateException(
          "document " + ordinal + " is not at its home, split " + home.split());
    }
    return index;
  }
}
