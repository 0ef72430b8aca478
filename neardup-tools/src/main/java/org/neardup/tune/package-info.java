/**
 * Tuning aids, computed rather than displayed: the S-curve around a threshold ({@link
 * org.neardup.tune.CurvePoint}), neighbouring bandings to compare with the chosen one ({@link
 * org.neardup.tune.BandingOption}), a seeded random sample of document pairs and what it predicts
 * for a banding ({@link org.neardup.tune.PairSample}, {@link org.neardup.tune.CandidateEstimate}),
 * histograms ({@link org.neardup.tune.Histogram}), and why one pair is or is not found ({@link
 * org.neardup.tune.PairExplanation}, {@link org.neardup.tune.ContainmentExplanation} for
 * containment). Nothing here prints or draws; the CLI does.
 */
package org.neardup.tune;
