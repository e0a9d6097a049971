import type { optionsEn } from './options.en';

/** Labels of the contract's option lists, Urdu. */
export const optionsUr: typeof optionsEn = {
  gender: { '1': 'مرد', '2': 'عورت' },
  yesNo: { yes: 'ہاں', no: 'نہیں' },
  education: { noEducated: 'کوئی رسمی تعلیم نہیں', primaryschool: 'پرائمری اسکول', seniorSchool: 'سینئر اسکول', bachelors: 'بیچلرز', masters: 'ماسٹرز' },
  maritalStatus: { single: 'غیر شادی شدہ', married: 'شادی شدہ', divorced: 'طلاق یافتہ', widowed: 'بیوہ / رنڈوا' },
  loanPurpose: { familyFunction: 'خاندانی تقریب', holidayTravel: 'چھٹیوں کا سفر', education: 'تعلیم', health: 'صحت', otherPersonalUse: 'دیگر ذاتی استعمال' },
  residenceType: { ownHouse: 'اپنا گھر', rened: 'کرائے کا گھر', others: 'دیگر' },
  employmentType: { employee: 'ملازم', self_employed: 'اپنا کاروبار', Unemployed: 'بے روزگار' },
  industry: {
    hospitalAndMedical: 'ہسپتال اور طب', financeAndAudit: 'مالیات اور آڈٹ', transportation: 'ٹرانسپورٹ',
    bankAndInsurance: 'بینک اور انشورنس', retail: 'ریٹیل', Police: 'پولیس', governmentEmployee: 'سرکاری ملازم',
    education: 'تعلیم', itAndSoftware: 'آئی ٹی اور سافٹ ویئر', manufacturing: 'مینوفیکچرنگ', construction: 'تعمیرات',
    agriculture: 'زراعت', hospitality: 'مہمان نوازی', telecom: 'ٹیلی کام', legal: 'قانونی', others: 'دیگر',
  },
  designation: { assistant: 'اسسٹنٹ', commissioner: 'کمشنر', supervisor: 'سپروائزر', manager: 'مینیجر', director: 'ڈائریکٹر', other: 'دیگر' },
  jobExperience: { lessThan1Year: '1 سال سے کم', in1_3Years: '1 سے 3 سال', moreThan3Years: '3 سال سے زیادہ' },
  payFrequency: { Weekly: 'ہفتہ وار', Fourteen: 'ہر چودہ دن بعد', Monthly: 'ماہانہ', Biweekly: 'مہینے میں دو بار' },
  weekday: { monday: 'پیر', tuesday: 'منگل', wednesday: 'بدھ', thursday: 'جمعرات', friday: 'جمعہ', saturday: 'ہفتہ', sunday: 'اتوار' },
  incomeSource: { ownself: 'خود', father: 'والد', mother: 'والدہ', brotherOrSister: 'بھائی یا بہن', otherFamilyMember: 'خاندان کا کوئی اور فرد' },
  relation: { parents: 'والدین', couple: 'شریک حیات', children: 'اولاد', siblings: 'بہن بھائی', friends: 'دوست', others: 'دیگر' },
  payMethod: { cheque: 'چیک', cash: 'نقد', bankTransfer: 'بینک ٹرانسفر' },
  cardType: { bank: 'بینک اکاؤنٹ', Easypaisa: 'ایزی پیسہ', Jazzcash: 'جاز کیش', IBAN: 'IBAN' },
};
