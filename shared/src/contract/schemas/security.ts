/** security: OTP, login/register, session. */
import { z } from 'zod';
import { Ack, isoDateTime, mobile, otpCode, money } from './common';
import { ONBOARDING_STEPS } from '../status';

export const OTP_PURPOSES = ['login', 'register', 'bindCard', 'changePhone', 'bankAccount', 'moneyAction'] as const;
/**
 * Codes that prove the borrower still holds the registered number: sent to it whatever `mobile`
 * says (login needed). bankAccount: adding or changing a receiving account (`accountCode`);
 * moneyAction: a money call the server answered with verificationRequired (`verifyCode`).
 */
export const REGISTERED_NUMBER_PURPOSES: readonly string[] = ['bankAccount', 'moneyAction'];
export const OTP_CHANNELS = ['sms', 'voice'] as const;

export const GetVerifyCodeRequest = z.object({
  mobile,
  /** which flow the code is for; a code is only accepted by its own flow */
  type: z.enum(OTP_PURPOSES).default('login'),
  /** voice: the code is read out by a call (voice-code variant) */
  channel: z.enum(OTP_CHANNELS).default('sms'),
  /** the challenge of a challengeRequired answer and its solved nonce (errors.ts), when one was asked */
  challenge: z.string().max(200).optional(),
  solution: z
    .string()
    .regex(/^\d{1,16}$/)
    .optional(),
});
export const GetVerifyCodeResponse = z.object({
  sent: z.boolean(),
  channel: z.enum(OTP_CHANNELS),
  /** the client's resend countdown */
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});

export const ProfileProgress = z.object({
  basicInfo: z.boolean(),
  idFront: z.boolean(),
  idBack: z.boolean(),
  face: z.boolean(),
  imagesDone: z.boolean(),
  /** the name read from the CNIC agrees with the name entered (true when nothing was read) */
  nameMatches: z.boolean(),
  additionInfo: z.boolean(),
  bankCard: z.boolean(),
  questionnaire: z.boolean(),
});
export type ProfileProgress = z.infer<typeof ProfileProgress>;

export const UserInfo = z.object({
  userId: z.number().int(),
  /** national 10 digits, e.g. 3001234567 */
  mobile: z.string(),
  maskedMobile: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  creditLimit: money,
  availableLimit: money,
  loanCount: z.number().int(),
  onTimeRepayments: z.number().int(),
  progress: ProfileProgress,
  /** route name of the next onboarding step (personalInfomation, idCardAuthentication, validation, additionalInfomation, addBankCard, loanQuestion) or null when complete */
  nextStep: z.enum(ONBOARDING_STEPS).nullable(),
  createdAt: isoDateTime,
});
export type UserInfo = z.infer<typeof UserInfo>;

export const LoginRequest = z.object({ mobile, code: otpCode });
export const LoginResponse = z.object({
  token: z.string(),
  /** the value for the Authorization header */
  authorization: z.string(),
  expiresAt: isoDateTime,
  user: UserInfo,
});
export const RegisterRequest = z.object({
  mobile,
  code: otpCode,
  afid: z.string().max(128).optional(),
  inviteCode: z.string().max(32).optional(),
});
export const RegisterResponse = LoginResponse;

export const ExistsByMobileRequest = z.object({ mobile });
export const ExistsByMobileResponse = z.object({ exists: z.boolean() });

export const GetUserInfoRequest = z.object({});
export const GetUserInfoResponse = UserInfo;

export const LogoutRequest = z.object({});
export const LogoutResponse = Ack;
