entry @k(%arg0: tile<ptr<f32>>) {
  %cst_f8E4M3FN = constant <f8E4M3FN: 1.500000e+00> : tile<16x64xf8E4M3FN>
  %cst_f8E4M3FN_0 = constant <f8E4M3FN: -2.000000e+00> : tile<64x8xf8E4M3FN>
  %cst_2_f8E8M0FNU = constant <f8E8M0FNU: 2.000000e+00> : tile<16x2xf8E8M0FNU>
  %cst_f8E8M0FNU = constant <f8E8M0FNU: 5.000000e-01> : tile<2x8xf8E8M0FNU>
  %cst_1_f32 = constant <f32: 1.000000e+00> : tile<16x8xf32>
  %0 = mmaf_scaled %cst_f8E4M3FN, %cst_f8E4M3FN_0, %cst_1_f32, %cst_2_f8E8M0FNU, %cst_f8E8M0FNU : tile<16x64xf8E4M3FN>, tile<64x8xf8E4M3FN>, tile<16x8xf32>, tile<16x2xf8E8M0FNU>, tile<2x8xf8E8M0FNU>
  return
}
