/** time/upload: the data-collection gate (spec section 4, upload-time gate). */
import { z } from 'zod';
import { UPLOAD_FLAGS } from '../options';
import { orderNo, UploadGate } from './common';

export const UploadEnableRequest = z.object({ orderNo });
export const UploadEnableResponse = UploadGate;
export const UploadStatusRequest = z.object({ orderNo });
export const UploadStatusResponse = UploadGate;
/** added: the native task (or its simulator) reports which data sets were collected */
export const UploadReportRequest = z.object({
  orderNo,
  flags: z.partialRecord(z.enum(UPLOAD_FLAGS), z.boolean()),
});
export const UploadReportResponse = UploadGate;
